/** Friendships: requests, acceptance, the friend lists and invitations by e-mail. */
export { type FriendsRepository, friendsRepository } from "./repository";
export { type FriendsService, friendsService } from "./service";
