import { DEFAULT_REMINDER_OFFSETS, REMINDER_OFFSETS } from "#contract/push";
import { REMINDER_NOTICES } from "#contract/reminders";
import type { NotificationsService } from "../notifications";
import { eventTimeZone } from "../places";
import type { RemindersRepository } from "./repository";

/**
 * A reminder found this late is dropped rather than sent: "starts in 2 hours" must not arrive an hour before.
 * It also bounds what a moved event owes: offsets that passed before the move are not sent all at once.
 */
const REMINDER_LATE_MS = 10 * 60_000;
/** The furthest ahead any reminder looks: the largest offset. */
const HORIZON_MINUTES = Math.max(...REMINDER_OFFSETS);

export function remindersService({
  repo,
  notifications,
  zoneOf,
}: {
  repo: RemindersRepository;
  notifications: NotificationsService;
  /** A person's profile zone (the users module's): their reminder adds their own clock when it reads differently. */
  zoneOf: (userId: number) => Promise<string | null | undefined>;
}) {
  return {
    /**
     * Claims and sends every reminder due at `now`. Claiming inserts the reminder's row first, so a crash between
     * claim and send loses that one reminder rather than sending it twice.
     */
    async sendDue(now: Date): Promise<number> {
      const claimed = await repo.claimDue(now, REMINDER_LATE_MS, DEFAULT_REMINDER_OFFSETS, HORIZON_MINUTES);
      const zones = new Map<number, string | null | undefined>();
      const readerZone = async (userId: number) => {
        if (!zones.has(userId)) zones.set(userId, await zoneOf(userId));
        return zones.get(userId);
      };
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
          // The event page's and the cards' rule: the event's time in its zone, and the reader's when it differs.
          // Written again in each reader's language when read: the instant and both zones are kept with the notice.
          const when = {
            date: reminder.date,
            zone: eventTimeZone(reminder),
            viewerZone: await readerZone(reminder.userId),
          };
          await notifications.notify(reminder.userId, REMINDER_NOTICES.startsSoon(event, reminder.offsetMinutes, when));
        }
      }
      return claimed.length;
    },
  };
}
export type RemindersService = ReturnType<typeof remindersService>;
