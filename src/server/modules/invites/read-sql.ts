// What other modules' statements may read of group invites; only this module writes them.

/** A group's admins list the group's invite links. */
export { groupInvites } from "./schema";
