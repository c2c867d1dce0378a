import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { eventInteractions, eventParticipants, events } from "../../db/schema";

/** The deck's own writes: taking back a swipe. Reads and writes event rows under the same row lock joins take. */
export function deckRepository(db: Db) {
  return {
    findEvent(eventId: number) {
      return db.query.events.findFirst({
        where: eq(events.id, eventId),
        columns: { id: true, title: true, hostId: true, groupId: true },
      });
    },

    /**
     * Removes the user's swipe answer (going or declined) and any interaction row, in one transaction
     * holding the event's lock. A seat given back goes to the first waitlisted person, as leaving does.
     * Answers the removed status (null when there was nothing to take back) and who was promoted.
     */
    async withdraw(eventId: number, userId: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("update");
        const [removed] = await tx
          .delete(eventParticipants)
          .where(
            and(
              eq(eventParticipants.eventId, eventId),
              eq(eventParticipants.userId, userId),
              inArray(eventParticipants.status, ["going", "declined"]),
            ),
          )
          .returning({ status: eventParticipants.status, guests: eventParticipants.guests });
        const interactions = await tx
          .delete(eventInteractions)
          .where(and(eq(eventInteractions.eventId, eventId), eq(eventInteractions.userId, userId)))
          .returning({ eventId: eventInteractions.eventId });
        let promoted: number | null = null;
        if (removed?.status === "going") {
          await tx
            .update(events)
            .set({ goingCount: sql`greatest(${events.goingCount} - ${1 + removed.guests}, 0)` })
            .where(eq(events.id, eventId));
          const [next] = await tx
            .select({ userId: eventParticipants.userId, guests: eventParticipants.guests })
            .from(eventParticipants)
            .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.status, "waitlisted")))
            .orderBy(asc(eventParticipants.createdAt), asc(eventParticipants.userId))
            .limit(1);
          if (next) {
            const seated = await tx
              .update(events)
              .set({ goingCount: sql`${events.goingCount} + ${1 + next.guests}` })
              .where(
                and(
                  eq(events.id, eventId),
                  or(
                    isNull(events.maxAttendees),
                    sql`${events.goingCount} + ${1 + next.guests} <= ${events.maxAttendees}`,
                  ),
                ),
              )
              .returning({ id: events.id });
            if (seated.length === 1) {
              await tx
                .update(eventParticipants)
                .set({ status: "going" })
                .where(and(eq(eventParticipants.eventId, eventId), eq(eventParticipants.userId, next.userId)));
              promoted = next.userId;
            }
          }
        }
        return { removed: removed?.status ?? (interactions.length > 0 ? "interaction" : null), promoted };
      });
    },
  };
}
export type DeckRepository = ReturnType<typeof deckRepository>;
