// What other modules' statements may read of groups; only this module writes them.

/** The account's data export lists the person's votes on plans. */
export { eventVotes } from "./plan-votes-schema";
/** Invites check the group an invite opens and its members; the export lists one's groups and memberships. */
export { groupMembers, groups } from "./schema";
