import { userChannel } from "#contract/bus";
import type { Language } from "#contract/i18n/languages";
import type { AppNotification, NoticeValues, NotificationType } from "#contract/notifications";
import {
  CATEGORY_OF_TYPE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from "#contract/push";
import { languageOf } from "#server/i18n";
import type { Bus } from "#server/realtime/bus";
import type { VisibilityService } from "../visibility";
import { startDelivery } from "./notify";
import type { NotificationRow, NotificationsRepository } from "./repository";
import { codesOf, noticeIn, type Reader } from "./words";

/** A stored notice as its reader reads it: in their language when it was stored with codes. */
const toNotification = (row: NotificationRow, reader: Reader): AppNotification => ({
  id: row.id,
  type: row.type,
  ...noticeIn(reader, row),
  actionUrl: row.actionUrl,
  read: row.read,
  timestamp: row.createdAt.toISOString(),
});

export interface NewNotification {
  type: NotificationType;
  /** The English words; with the codes and values of NoticeWords (noticeWords) each reader reads their language. */
  title: string;
  message: string;
  titleCode?: string | null;
  messageCode?: string | null;
  textValues?: NoticeValues;
  actionUrl?: string | null;
  /**
   * The person whose action this tells of: nobody they blocked, or who blocked them, hears of it, and the
   * stored notice goes when their account does (it may carry their name).
   */
  fromUserId?: number;
  /** Everyone else the text names (a host's summary lists its guests): the notice goes with any of their accounts. */
  namedIds?: number[];
  /** The event it is about: only those who may open the event hear of it, and nobody once a moderator hid it. */
  eventId?: number;
}

/** Each user as a reader: their language (English for one the catalogs do not have) and their zone. */
async function readersFrom(repo: NotificationsRepository, userIds: number[]): Promise<Map<number, Reader>> {
  const stored = await repo.readersOf(userIds);
  return new Map(
    userIds.map((id) => [
      id,
      { language: languageOf(stored.get(id)?.language), timezone: stored.get(id)?.timezone ?? null },
    ]),
  );
}
const ENGLISH_READER: Reader = { language: "en", timezone: null };

export function notificationsService({
  repo,
  bus,
  visibility,
}: {
  repo: NotificationsRepository;
  bus: Bus;
  visibility: Pick<VisibilityService, "blockedAmong" | "audienceOf">;
}) {
  /** Each user's stored preferences, or the defaults when they never changed them (or a stored shape is outdated). */
  async function preferencesOf(userIds: number[]): Promise<Map<number, NotificationPreferences>> {
    const rows = await repo.preferenceRows(userIds);
    const result = new Map<number, NotificationPreferences>(
      userIds.map((id) => [id, DEFAULT_NOTIFICATION_PREFERENCES]),
    );
    for (const row of rows) {
      const parsed = notificationPreferencesSchema.safeParse({
        channels: row.channels,
        emailDigest: row.emailDigest,
        reminders: { offsetsMinutes: row.reminderOffsets },
      });
      if (parsed.success) result.set(row.userId, parsed.data);
    }
    return result;
  }

  /**
   * The same notification for many users: one insert, then one socket message per user, for those who keep
   * this category in-app; then push and e-mail as each user chose. Returns the stored ones.
   */
  async function notifyAll(everyone: number[], input: NewNotification) {
    const { fromUserId, eventId } = input;
    const blocked = fromUserId === undefined ? new Set<number>() : await visibility.blockedAmong(fromUserId, everyone);
    const audience = eventId === undefined ? null : await visibility.audienceOf(eventId, everyone);
    const userIds = everyone.filter((id) => !blocked.has(id) && (audience === null || audience.has(id)));
    if (userIds.length === 0) return [];
    const category = CATEGORY_OF_TYPE[input.type];
    const preferences = await preferencesOf(userIds);
    const inApp = userIds.filter((id) => preferences.get(id)?.channels[category].inApp);
    const codes = codesOf(input);
    const readers = await readersFrom(repo, inApp);
    const rows = await repo.insertMany(
      inApp.map((userId) => ({
        userId,
        type: input.type,
        title: input.title,
        message: input.message,
        ...codes,
        actionUrl: input.actionUrl ?? null,
        actorId: fromUserId ?? null,
        namedIds: input.namedIds ?? [],
        eventId: eventId ?? null,
      })),
    );
    const sent = rows.map((row) => ({
      userId: row.userId,
      notification: toNotification(row, readers.get(row.userId) ?? ENGLISH_READER),
    }));
    await Promise.all(
      sent.map(({ userId, notification }) => bus.publish(userChannel(userId), { type: "notification", notification })),
    );
    const content = {
      title: input.title,
      message: input.message,
      ...codes,
      actionUrl: input.actionUrl ?? null,
      tag: input.type,
    };
    startDelivery(bus, {
      category,
      content,
      recipients: userIds.map((userId) => ({
        userId,
        preferences: preferences.get(userId) ?? DEFAULT_NOTIFICATION_PREFERENCES,
      })),
    });
    return sent.map((s) => s.notification);
  }

  return {
    preferencesOf,
    savePreferences: repo.savePreferences,
    /** Each user's unsubscribe-link version (0 until they first save their preferences). */
    async linksVersions(userIds: number[]): Promise<Map<number, number>> {
      const versions = new Map(userIds.map((id) => [id, 0]));
      for (const row of await repo.preferenceRows(userIds)) versions.set(row.userId, row.linksVersion);
      return versions;
    },
    notifyAll,
    /** A page of the user's notifications, newest first, and how many are unread. */
    async page(userId: number, limit: number, cursor?: number) {
      // One extra row tells whether an older page exists without a second count query.
      const [rows, readers] = await Promise.all([
        repo.listPage(userId, limit + 1, cursor),
        readersFrom(repo, [userId]),
      ]);
      const page = rows.slice(0, limit);
      const reader = readers.get(userId) ?? ENGLISH_READER;
      return {
        notifications: page.map((row) => toNotification(row, reader)),
        nextCursor: rows.length > limit ? page[page.length - 1].id : null,
        unreadCount: await repo.countUnread(userId),
      };
    },
    /** Each user as a reader of their notices, push and e-mail: their language and their zone. */
    readersOf: (userIds: number[]) => readersFrom(repo, userIds),
    /** Each user's language (English for one the catalogs do not have). */
    async languagesOf(userIds: number[]): Promise<Map<number, Language>> {
      const readers = await readersFrom(repo, userIds);
      return new Map([...readers].map(([id, reader]) => [id, reader.language]));
    },
    markAllRead: repo.markAllRead,
    /** Removes the user's own notification only; false when there is none (someone else's or missing). */
    remove: repo.deleteOwn,
    removeAll: repo.deleteAll,
    /** The daily digest's reads: the users it is due for (claimed), and each one's notifications since. */
    claimDueDigests: repo.claimDueDigests,
    digestItems: repo.digestItems,
    /** Stores a notification, then pushes it to the user's open sockets as `{type: "notification", notification}`. */
    async notify(userId: number, input: NewNotification) {
      const [notification] = await notifyAll([userId], input);
      return notification;
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
