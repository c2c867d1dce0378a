export { followsRepository } from "./repository";
export { followsRoutes } from "./routes";
export { type FollowsService, followsService } from "./service";
