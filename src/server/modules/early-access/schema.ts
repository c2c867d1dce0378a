import { pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";

export const earlyAccessEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("waitlist_email_idx").on(t.email)],
);
