export { rolesRepository } from "./repository";
export { rolesService } from "./service";
