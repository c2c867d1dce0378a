export { endFollowsBetween, followsRepository } from "./repository";
export { followsService } from "./service";
