/** Moderator roles: who holds one, granting and revoking, and the command line that does both. */
export { moderatorCommand } from "./command";
export { rolesRepository } from "./repository";
export { rolesService } from "./service";
