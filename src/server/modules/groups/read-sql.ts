// What other modules' statements may read of groups; only this module writes them.

/** Invites check the group an invite opens and its members; the export lists one's groups and memberships. */
export { groupMembers, groups } from "./schema";
