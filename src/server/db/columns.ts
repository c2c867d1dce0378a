import { timestamp } from "drizzle-orm/pg-core";

// Enum columns are text in PostgreSQL; `.$type<>()` types them from the contract's enums (no migration),
// and the contract's schemas are what let a value in, so a read row needs no cast.
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
