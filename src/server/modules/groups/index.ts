// The groups module's public entry: groups and their members, the group chat's votes on plans, and the
// membership reads other modules check access with.

export {
  deleteDirectConversationsOf,
  type GroupsRepository,
  groupsRepository,
  lockGroups,
  promoteWhereNoAdmin,
} from "./repository";
export { type GroupsService, groupsService, VOTE_LIMIT } from "./service";
