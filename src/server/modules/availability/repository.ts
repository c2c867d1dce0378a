import { and, asc, between, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { TimeSlotId } from "#contract/time-slots";
import type { Db } from "#server/db/client";
import { availability } from "./schema";

/** The days a person marked, for their data export. */
export function markedDaysOf(db: Db, userId: number) {
  return db.select().from(availability).where(eq(availability.userId, userId)).orderBy(availability.date);
}

export function availabilityRepository(db: Db) {
  return {
    /** Newest day first; `before` pages back through older days. */
    listForUser(userId: number, limit: number, before?: string) {
      return db
        .select({
          id: availability.id,
          userId: availability.userId,
          date: availability.date,
          timeslots: availability.timeslots,
        })
        .from(availability)
        .where(
          before
            ? and(eq(availability.userId, userId), lt(availability.date, before))
            : eq(availability.userId, userId),
        )
        .orderBy(desc(availability.date))
        .limit(limit);
    },
    /** The days from..to (inclusive) that any of these users published. */
    daysOf(userIds: number[], from: string, to: string) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select({ userId: availability.userId, date: availability.date, timeslots: availability.timeslots })
        .from(availability)
        .where(and(inArray(availability.userId, userIds), between(availability.date, from, to)))
        .orderBy(asc(availability.date));
    },
    /** One row per user and day: a second save of the same day replaces the slots (unique index on user_id, date). */
    async upsert(userId: number, date: string, timeslots: TimeSlotId[]) {
      const [row] = await db
        .insert(availability)
        .values({ userId, date, timeslots })
        .onConflictDoUpdate({
          target: [availability.userId, availability.date],
          set: { timeslots, updatedAt: sql`now()` },
        })
        .returning({
          id: availability.id,
          userId: availability.userId,
          date: availability.date,
          timeslots: availability.timeslots,
        });
      return row;
    },
  };
}
export type AvailabilityRepository = ReturnType<typeof availabilityRepository>;
