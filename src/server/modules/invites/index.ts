/** Group invite links: what one leads to, and joining through it (also inside registration's transaction). */
export { InviteUnusableError, invitesRepository, joinWithInvite } from "./repository";
export { invitesService } from "./service";
