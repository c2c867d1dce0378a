/** Friendships: requests, acceptance, the friend lists and invitations by e-mail. */
export { friendsRepository } from "./repository";
export { friendsService } from "./service";
