import { inArray } from "drizzle-orm";
import { userChannel } from "../../../contract/bus";
import type { NotificationType } from "../../../contract/notifications";
import {
  CATEGORY_OF_TYPE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationCategory,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from "../../../contract/push";
import type { Db } from "../../db/client";
import { notificationPreferences, notifications } from "../../db/schema";
import type { Bus } from "../../realtime/bus";

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  actionUrl?: string | null;
}

/** One notification (or chat message) as the other channels (push, e-mail) see it, with each recipient's preferences. */
export interface NotificationDelivery {
  category: NotificationCategory;
  content: { title: string; message: string; actionUrl: string | null; tag: string };
  recipients: { userId: number; preferences: NotificationPreferences }[];
}

/**
 * Push and e-mail delivery (src/server/modules/push) registers here per app, keyed by the app's bus
 * (one bus per app), so the callers of notify() keep passing only { db, bus }. Delivery runs after the
 * request's own work and never fails it: a slow push service must not slow the action that notified.
 */
const deliverers = new WeakMap<
  Bus,
  { db: Db; deliver: (delivery: NotificationDelivery) => Promise<void>; inFlight: Set<Promise<void>> }
>();
export function onNotification(bus: Bus, db: Db, deliver: (delivery: NotificationDelivery) => Promise<void>) {
  deliverers.set(bus, { db, deliver, inFlight: new Set() });
}

/** Resolves once every push/e-mail delivery started so far has finished (a stop waits; tests await it). */
export async function deliveriesSettled(bus: Bus): Promise<void> {
  const entry = deliverers.get(bus);
  // Work can start more work (a chat window's flush starts its delivery): wait until none is left.
  while (entry && entry.inFlight.size > 0) await Promise.all([...entry.inFlight]);
}

/** Each user's stored preferences, or the defaults when they never changed them (or a stored shape is outdated). */
export async function preferencesOf(db: Db, userIds: number[]): Promise<Map<number, NotificationPreferences>> {
  const rows = userIds.length
    ? await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds))
    : [];
  const result = new Map<number, NotificationPreferences>(userIds.map((id) => [id, DEFAULT_NOTIFICATION_PREFERENCES]));
  for (const row of rows) {
    const parsed = notificationPreferencesSchema.safeParse({ channels: row.channels, emailDigest: row.emailDigest });
    if (parsed.success) result.set(row.userId, parsed.data);
  }
  return result;
}

/** Stores a notification, then pushes it to the user's open sockets as `{type: "notification", notification}`. */
export async function notify(deps: { db: Db; bus: Bus }, userId: number, input: NewNotification) {
  const [notification] = await notifyAll(deps, [userId], input);
  return notification;
}

/**
 * The same notification for many users: one insert, then one socket message per user, for those who keep
 * this category in-app (issue 14.3); then push and e-mail as each user chose. Returns the stored ones.
 */
export async function notifyAll(deps: { db: Db; bus: Bus }, userIds: number[], input: NewNotification) {
  if (userIds.length === 0) return [];
  const category = CATEGORY_OF_TYPE[input.type];
  const preferences = await preferencesOf(deps.db, userIds);
  const inApp = userIds.filter((id) => preferences.get(id)?.channels[category].inApp);
  const rows = inApp.length
    ? await deps.db
        .insert(notifications)
        .values(
          inApp.map((userId) => ({
            userId,
            type: input.type,
            title: input.title,
            message: input.message,
            actionUrl: input.actionUrl ?? null,
          })),
        )
        .returning()
    : [];
  const sent = rows.map((row) => ({
    userId: row.userId,
    notification: {
      id: row.id,
      type: input.type,
      title: row.title,
      message: row.message,
      actionUrl: row.actionUrl,
      read: row.read,
      timestamp: row.createdAt.toISOString(),
    },
  }));
  await Promise.all(
    sent.map(({ userId, notification }) =>
      deps.bus.publish(userChannel(userId), { type: "notification", notification }),
    ),
  );
  const content = { title: input.title, message: input.message, actionUrl: input.actionUrl ?? null, tag: input.type };
  startDelivery(deps.bus, {
    category,
    content,
    recipients: userIds.map((userId) => ({
      userId,
      preferences: preferences.get(userId) ?? DEFAULT_NOTIFICATION_PREFERENCES,
    })),
  });
  return sent.map((s) => s.notification);
}

/** Hands a delivery to push/e-mail, not awaited: the deliverer logs its own failures, and the action that notified is done. */
export function startDelivery(bus: Bus, delivery: NotificationDelivery) {
  const entry = deliverers.get(bus);
  if (!entry || delivery.recipients.length === 0) return;
  trackDelivery(bus, entry.deliver(delivery));
}

/** Counts background delivery work (push/e-mail, a chat window still collecting) for deliveriesSettled. */
export function trackDelivery(bus: Bus, run: Promise<void>) {
  const entry = deliverers.get(bus);
  if (!entry) return;
  entry.inFlight.add(run);
  void run.finally(() => entry.inFlight.delete(run));
}

/** A chat message just stored and published on its group's channel (src/server/modules/chat/service.ts). */
export interface ChatMessageSent {
  groupId: number;
  senderId: number;
  senderName: string;
  text: string;
}
const chatListeners = new WeakMap<Bus, (message: ChatMessageSent) => void>();
/** Push delivery listens for chat messages here (issue 14.3, "chat"), keyed by the app's bus like onNotification. */
export function onChatMessage(bus: Bus, listener: (message: ChatMessageSent) => void) {
  chatListeners.set(bus, listener);
}
/** Synchronous and never throws: the chat's own path (stored, published) is done and must stay fast. */
export function chatMessageSent(bus: Bus, message: ChatMessageSent) {
  chatListeners.get(bus)?.(message);
}
