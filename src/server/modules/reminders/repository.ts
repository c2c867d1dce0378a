import { type SQL, sql } from "drizzle-orm";
import { eventTypeSchema } from "#contract/events";
import type { ReminderOffset } from "#contract/push";
import type { Db } from "#server/db/client";

/** A reminder this instance just claimed: the insert of its row succeeded, so no other instance sends it. */
export interface ClaimedReminder {
  userId: number;
  eventId: number;
  kind: "reminder" | "host_summary";
  offsetMinutes: ReminderOffset;
  title: string;
  location: string;
  date: Date;
  /** The event's own zone (its place's, else its host's when it was made). */
  timezone: string;
}

/**
 * Reminders are claimed by one INSERT ... SELECT ... ON CONFLICT DO NOTHING: choosing who is owed what and
 * taking it must be one statement, or two instances could both choose the same reminder. So this is the one
 * repository that reads other modules' tables (events, participants, preferences), read-only.
 */
export function remindersRepository(db: Db) {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  return {
    /**
     * Claims every reminder due at `now`: for each upcoming, live event, its host and each person going, one per
     * chosen offset whose moment has come, is less than `lateMs` old (a reminder hours late would mislead) and
     * came after they joined (an offset already past when someone joins is skipped). Hosts also claim the day-before
     * summary. Returns what was claimed with what the wording needs.
     */
    async claimDue(now: Date, lateMs: number, defaults: readonly number[], horizonMinutes: number) {
      const at = now.toISOString();
      const defaultOffsets = sql.raw(`'{${defaults.map((n) => Math.trunc(n)).join(",")}}'::int[]`);
      const claimed = await rows<{
        userId: number;
        eventId: number;
        kind: "reminder" | "host_summary";
        offsetMinutes: number;
        startsAt: string | Date;
      }>(sql`
        WITH upcoming AS (
          SELECT e.id, e.date, e.host_id, e.created_at FROM events e
          -- Every type named, so the scan is a date range on events_type_date_idx.
          WHERE e.type IN (${sql.join(
            eventTypeSchema.options.map((type) => sql`${type}`),
            sql`, `,
          )}) AND e.canceled_at IS NULL AND e.hidden_at IS NULL
            AND e.date > ${at}::timestamptz AND e.date <= ${at}::timestamptz + make_interval(mins => ${horizonMinutes + 1})
        ),
        people AS (
          SELECT u.id AS event_id, u.date, u.host_id AS user_id, u.created_at AS since, true AS hosting FROM upcoming u
          UNION ALL
          SELECT u.id, u.date, p.user_id, p.updated_at, false FROM upcoming u
          JOIN event_participants p ON p.event_id = u.id AND p.status = 'going' AND p.user_id <> u.host_id
        ),
        owed AS (
          SELECT pe.user_id, pe.event_id, 'reminder' AS kind, o.minutes, pe.date, pe.since FROM people pe
          LEFT JOIN notification_preferences np ON np.user_id = pe.user_id
          CROSS JOIN LATERAL unnest(coalesce(np.reminder_offsets, ${defaultOffsets})) AS o(minutes)
          UNION ALL
          SELECT pe.user_id, pe.event_id, 'host_summary', 1440, pe.date, pe.since FROM people pe WHERE pe.hosting
        )
        INSERT INTO reminder_deliveries (user_id, event_id, kind, offset_minutes, starts_at)
        SELECT user_id, event_id, kind, minutes, date FROM owed
        WHERE date - make_interval(mins => minutes) <= ${at}::timestamptz
          AND date - make_interval(mins => minutes) > ${at}::timestamptz - make_interval(secs => ${lateMs / 1000})
          AND date - make_interval(mins => minutes) >= since
        ON CONFLICT DO NOTHING
        RETURNING user_id AS "userId", event_id AS "eventId", kind, offset_minutes AS "offsetMinutes", starts_at AS "startsAt"`);
      if (claimed.length === 0) return [];
      const ids = [...new Set(claimed.map((c) => c.eventId))];
      const details = await rows<{
        id: number;
        title: string;
        location: string;
        date: string | Date;
        timezone: string;
      }>(sql`
        SELECT e.id, e.title, e.location, e.date, e.timezone FROM events e
        WHERE e.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      const byId = new Map(details.map((d) => [d.id, d]));
      return claimed.flatMap((c): ClaimedReminder[] => {
        const event = byId.get(c.eventId);
        if (!event) return [];
        return [
          {
            userId: c.userId,
            eventId: c.eventId,
            kind: c.kind,
            offsetMinutes: c.offsetMinutes as ReminderOffset,
            title: event.title,
            location: event.location,
            date: new Date(event.date),
            timezone: event.timezone,
          },
        ];
      });
    },

    /** The names of who is going and who is still pending, for the host's day-before summary. */
    async guestNames(eventId: number) {
      return rows<{ id: number; fullName: string; status: "going" | "pending" }>(sql`
        SELECT u.id, u.full_name AS "fullName", p.status FROM event_participants p JOIN users u ON u.id = p.user_id
        JOIN events e ON e.id = p.event_id
        WHERE p.event_id = ${eventId} AND p.status IN ('going', 'pending') AND p.user_id <> e.host_id
        ORDER BY p.created_at, p.user_id LIMIT 200`);
    },
  };
}
export type RemindersRepository = ReturnType<typeof remindersRepository>;
