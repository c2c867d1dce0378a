// The groups module's public entry: groups and their members (the one writer of both: other modules make a
// group or add members through it), the group chat's votes on plans, and the membership reads other modules
// check access with.

export {
  addMembers,
  deleteDirectConversationsOf,
  deleteGroups,
  type GroupsRepository,
  groupsRepository,
  insertGroup,
  joinWithInvite,
  lockGroups,
  planVotesBy,
  promoteWhereNoAdmin,
  removeMemberKeepingAdmin,
} from "./repository";
export { type GroupsService, groupsService, VOTE_LIMIT } from "./service";
