export { followsRepository } from "./repository";
export { followsService } from "./service";
