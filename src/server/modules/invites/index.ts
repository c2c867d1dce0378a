/** Group invite links: minting one, what one leads to, and spending its uses (the groups module adds the member). */
export { InviteUnusableError } from "./errors";
export {
  invitesRepository,
  isInviteUsable,
  mintInvite,
  requireInvite,
  spendInviteUse,
} from "./repository";
export { invitesService } from "./service";
