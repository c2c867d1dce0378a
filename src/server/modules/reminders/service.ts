import { DEFAULT_REMINDER_OFFSETS, REMINDER_OFFSETS } from "#contract/push";
import { REMINDER_NOTICES } from "#contract/reminders";
import { canonicalTimeZone } from "#contract/timezones";
import type { NotificationsService } from "../notifications";
import type { ClaimedReminder, RemindersRepository } from "./repository";

/**
 * A reminder found this late is dropped rather than sent: "starts in 2 hours" must not arrive an hour before.
 * It also bounds what a moved event owes: offsets that passed before the move are not sent all at once.
 */
const REMINDER_LATE_MS = 10 * 60_000;
/** The furthest ahead any reminder looks: the largest offset. */
const HORIZON_MINUTES = Math.max(...REMINDER_OFFSETS);

/** The zone an event's time is written in: the event's own, so a guest reads the time the host meant. */
export function reminderZone(reminder: Pick<ClaimedReminder, "timezone">): string {
  return canonicalTimeZone(reminder.timezone) ?? "UTC";
}

/** "Sat, Nov 28, 7:00 PM EST": the event's local time with its zone's abbreviation. */
function localTime(date: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: zone,
    timeZoneName: "short",
  }).format(date);
}

export function remindersService({
  repo,
  notifications,
}: {
  repo: RemindersRepository;
  notifications: NotificationsService;
}) {
  return {
    /**
     * Claims and sends every reminder due at `now`. Claiming inserts the reminder's row first, so a crash between
     * claim and send loses that one reminder rather than sending it twice.
     */
    async sendDue(now: Date): Promise<number> {
      const claimed = await repo.claimDue(now, REMINDER_LATE_MS, DEFAULT_REMINDER_OFFSETS, HORIZON_MINUTES);
      for (const reminder of claimed) {
        const event = { id: reminder.eventId, title: reminder.title, location: reminder.location };
        if (reminder.kind === "host_summary") {
          const guests = await repo.guestNames(reminder.eventId);
          const names = (status: string) => guests.filter((g) => g.status === status).map((g) => g.fullName);
          // The guests named go with the notice when one of them deletes their account.
          await notifications.notify(reminder.userId, {
            ...REMINDER_NOTICES.hostSummary(event, names("going"), names("pending")),
            namedIds: guests.map((g) => g.id),
          });
        } else {
          const when = localTime(reminder.date, reminderZone(reminder));
          await notifications.notify(reminder.userId, REMINDER_NOTICES.startsSoon(event, reminder.offsetMinutes, when));
        }
      }
      return claimed.length;
    },
  };
}
export type RemindersService = ReturnType<typeof remindersService>;
