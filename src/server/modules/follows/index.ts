export { followsRepository } from "./repository";
export { type FollowsService, followsService } from "./service";
