import type { FastifyBaseLogger } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import type { Language } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import { isPushServiceUrl, type NotificationPreferences, PUSH_TEXTS, type PushSubscriptionInput } from "#contract/push";
import { type Config, publicOrigin } from "#server/config";
import { HttpError } from "#server/http/http-error";
import type { MailMessage } from "#server/mail";
import type { Bus } from "#server/realtime/bus";
import { type NotificationDelivery, type NotificationsService, noticeIn, type Reader } from "../notifications";
import {
  notificationEmail,
  readUnsubscribeToken,
  runDigests,
  turnEmailOff,
  type UserAddresses,
  unsubscribeToken,
} from "./email";
import { createFcmSender } from "./fcm";
import { openSocketsHere } from "./presence";
import type { DeliveryRepository } from "./repository";
import { unsubscribeSecret, type VapidKeys, vapidKeys } from "./server-keys";
import { createWebPushSender } from "./web-push";

/** A value read once from the database and shared; a failed read is tried again next time. */
function memo<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

/**
 * Web push and native devices, each person's notification preferences, one-click unsubscribe links, and the
 * decisions of delivery: who hears of a notification by push, who by e-mail, and the daily digest.
 */
export function deliveryService(deps: {
  repo: DeliveryRepository;
  notifications: NotificationsService;
  users: UserAddresses;
  enqueueMail: (message: MailMessage) => Promise<number>;
  config: Config;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Where FCM's HTTP v1 API is; tests point it at a local server. Default: Google's. */
  fcmApiBase?: string;
}) {
  const { repo, notifications, users, config, log } = deps;
  const keys: () => Promise<VapidKeys> = memo(() => vapidKeys(config, repo));
  const secret = memo(() => unsubscribeSecret(repo));
  const origin = publicOrigin(config);
  // Tests subscribe local push services; everywhere else only the browsers' push services are accepted.
  const localPushAllowed = config.NODE_ENV === "test";
  const webPush = createWebPushSender({ keys, repo, log, allowHttp: localPushAllowed });
  const fcm = config.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmSender({ serviceAccountFile: config.FCM_SERVICE_ACCOUNT_FILE, repo, log, apiBase: deps.fcmApiBase })
    : null;

  /** A token signed by this server and sent under the person's current preferences: older links are dead. */
  async function liveUnsubscribeTarget(token: string) {
    const target = readUnsubscribeToken(await secret(), token);
    if (!target) return null;
    const current = (await notifications.linksVersions([target.userId])).get(target.userId);
    return current === target.version ? target : null;
  }

  return {
    async publicKey(): Promise<string> {
      return (await keys()).publicKey;
    },

    /** Stores the signed-in person's device; refuses an endpoint outside the push services, or another account's device. */
    async subscribe(userId: number, sessionHash: string | null, input: PushSubscriptionInput): Promise<void> {
      if (input.platform === "web" && !localPushAllowed && !isPushServiceUrl(input.endpoint)) {
        throw new HttpError(400, messageKey(PUSH_TEXTS, "endpointRefused"));
      }
      if (!(await repo.save(userId, sessionHash, input)))
        throw new HttpError(409, messageKey(PUSH_TEXTS, "deviceTaken"));
    },

    /** Removes the person's own device only: another's answers like a missing one. */
    async unsubscribeDevice(userId: number, endpoint: string): Promise<void> {
      if (!(await repo.deleteOwn(userId, endpoint))) throw new HttpError(404, messageKey(API_TEXTS, "deviceNotFound"));
    },

    async preferences(userId: number): Promise<NotificationPreferences | undefined> {
      return (await notifications.preferencesOf([userId])).get(userId);
    },

    async savePreferences(userId: number, preferences: NotificationPreferences): Promise<void> {
      await notifications.savePreferences(userId, preferences);
    },

    /** Whether an unsubscribe link still works (signed here, and the person's preferences unchanged since). */
    async isLiveUnsubscribeLink(token: string): Promise<boolean> {
      return (await liveUnsubscribeTarget(token)) !== null;
    },

    /** The language of the person a link was signed for (their e-mails' language); null for a forged link. */
    async linkLanguage(token: string): Promise<Language | null> {
      const target = readUnsubscribeToken(await secret(), token);
      if (!target) return null;
      return (await notifications.languagesOf([target.userId])).get(target.userId) ?? null;
    },

    /** Turns off the e-mails a live link names; false when the link is forged or outdated. */
    async unsubscribe(token: string): Promise<boolean> {
      const target = await liveUnsubscribeTarget(token);
      if (!target) return false;
      await turnEmailOff({ notifications, users }, target.userId, target.scope);
      return true;
    },

    /** Push and e-mail for one notification (or chat window), as each recipient chose, each in their language. */
    async deliver({ category, content, recipients }: NotificationDelivery): Promise<void> {
      // Push: users who keep this category as push and have no socket open here (an open app already shows it).
      const pushTo = recipients
        .filter((r) => r.preferences.channels[category].push && openSocketsHere(deps.bus, r.userId) === 0)
        .map((r) => r.userId);
      const mailTo = recipients
        .filter((r) => r.preferences.channels[category].email && !r.preferences.emailDigest)
        .map((r) => r.userId);
      if (pushTo.length === 0 && mailTo.length === 0) return;
      const readers = await notifications.readersOf([...new Set([...pushTo, ...mailTo])]);
      const readerOf = (userId: number): Reader => readers.get(userId) ?? { language: "en", timezone: null };
      if (pushTo.length) {
        const subscriptions = await repo.listFor(pushTo);
        // One payload per language and zone: each device gets its owner's words and "your time".
        const byReader = new Map<string, { reader: Reader; devices: typeof subscriptions }>();
        for (const device of subscriptions) {
          const reader = readerOf(device.userId);
          const key = `${reader.language} ${reader.timezone}`;
          const group = byReader.get(key) ?? { reader, devices: [] };
          group.devices.push(device);
          byReader.set(key, group);
        }
        await Promise.all(
          [...byReader.values()].map(({ reader, devices }) => {
            const words = noticeIn(reader, content);
            const payload = {
              title: words.title,
              body: words.message,
              url: content.actionUrl?.startsWith("/") ? content.actionUrl : "/notifications",
              tag: content.tag,
            };
            return Promise.all([webPush.send(devices, payload), fcm?.send(devices, payload)]);
          }),
        );
      }
      // E-mail: one per notification, unless the user chose the daily digest (sendDigests sends that).
      if (mailTo.length) {
        const addresses = await users.emailsOf(mailTo);
        const versions = await notifications.linksVersions(mailTo);
        const key = await secret();
        for (const userId of mailTo) {
          const to = addresses.get(userId);
          if (!to) continue;
          const token = unsubscribeToken(key, userId, category, versions.get(userId) ?? 0);
          const reader = readerOf(userId);
          const words = noticeIn(reader, content);
          await deps.enqueueMail(
            notificationEmail({
              to,
              origin,
              token,
              language: reader.language,
              ...words,
              actionUrl: content.actionUrl,
              names: content.named,
              recipientId: userId,
              eventId: content.eventId,
            }),
          );
        }
      }
    },

    /** One round of daily digests: mails everyone whose digest is due; returns how many were mailed. */
    async sendDigests(): Promise<number> {
      return runDigests({ notifications, users, origin, secret: await secret(), enqueue: deps.enqueueMail });
    },
  };
}
export type DeliveryService = ReturnType<typeof deliveryService>;
