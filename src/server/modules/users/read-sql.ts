// What other modules' statements may read of people; only the users module writes them. Who may see a
// person is not here but in modules/visibility.
import { isNull } from "drizzle-orm";
import { users } from "./schema";

/** Hosts, members, authors and guests are joined to their row in the statement that lists them. */
export { users };

/** A person as every list shows them (the contract's UserSummary), so no list picks its own columns. */
export const personSummary = {
  id: users.id,
  fullName: users.fullName,
  username: users.username,
  profileImage: users.profileImage,
};

/** A suspended account is shown on no page or list but a moderator's. */
export const notSuspended = isNull(users.suspendedAt);
