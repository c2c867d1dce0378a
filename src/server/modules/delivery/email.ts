import { createHmac, timingSafeEqual } from "node:crypto";
import { EMAIL_TEXTS } from "#contract/email-texts";
import type { Language } from "#contract/i18n/languages";
import type { NotificationType } from "#contract/notifications";
import {
  CATEGORY_LABELS,
  CATEGORY_OF_TYPE,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from "#contract/push";
import { languageOf, serverText } from "#server/i18n";
import type { MailMessage } from "#server/mail";
import { type NotificationsService, noticeIn } from "../notifications";

/** What delivery needs of the users module: the addresses to mail, and whether an account still exists. */
export interface UserAddresses {
  emailsOf(ids: number[]): Promise<Map<number, string>>;
  findById(id: number): Promise<unknown>;
}

/** What an unsubscribe link turns off: one category's e-mails, or ("all") every notification e-mail (the digest). */
export type UnsubscribeScope = NotificationCategory | "all";

function signature(secret: string, userId: number, scope: UnsubscribeScope, version: number): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${scope}:${version}`).digest("base64url");
}

/**
 * `userId.scope.version.signature`: works without a session, names only what it turns off (one category's
 * e-mails, or all), cannot be forged or widened, and stops working once the person changes their preferences
 * (`version` is their preferences' links version when it was sent).
 */
export function unsubscribeToken(secret: string, userId: number, scope: UnsubscribeScope, version: number): string {
  return `${userId}.${scope}.${version}.${signature(secret, userId, scope, version)}`;
}

/** The token's target when its signature holds; the caller still compares `version` with the stored one. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; scope: UnsubscribeScope; version: number } | null {
  const match = /^(\d{1,10})\.([a-z]{1,20})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const scope = match[2] as UnsubscribeScope;
  const version = Number(match[3]);
  if (scope !== "all" && !NOTIFICATION_CATEGORIES.includes(scope)) return null;
  const expected = Buffer.from(signature(secret, userId, scope, version));
  const given = Buffer.from(match[4]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, scope, version } : null;
}

function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/api/email/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 8058: mail clients show an unsubscribe button that POSTs `List-Unsubscribe=One-Click` to this https URL. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** Turns the e-mails the token names off (and the daily digest with "all"). */
export async function turnEmailOff(
  deps: { notifications: Pick<NotificationsService, "preferencesOf" | "savePreferences">; users: UserAddresses },
  userId: number,
  scope: UnsubscribeScope,
): Promise<void> {
  const current = (await deps.notifications.preferencesOf([userId])).get(userId) ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const channels = structuredClone(current.channels);
  for (const category of NOTIFICATION_CATEGORIES) {
    if (scope === "all" || scope === category) channels[category].email = false;
  }
  const emailDigest = scope === "all" ? false : current.emailDigest;
  // A deleted account's token finds no user: the insert's foreign key would fail, so only existing users get a row.
  if (!(await deps.users.findById(userId))) return;
  await deps.notifications.savePreferences(userId, { ...current, channels, emailDigest }, false);
}

const absolute = (origin: string, actionUrl: string | null | undefined) =>
  actionUrl?.startsWith("/") && !actionUrl.startsWith("//") ? `${origin}${actionUrl}` : `${origin}/notifications`;

/** One notification as an e-mail in its recipient's language, with its category's unsubscribe link in the text and the headers. */
export function notificationEmail(args: {
  to: string;
  origin: string;
  token: string;
  title: string;
  message: string;
  actionUrl?: string | null;
  language?: Language;
  names?: readonly number[];
  recipientId?: number;
  eventId?: number;
}): MailMessage {
  const link = unsubscribeUrl(args.origin, args.token);
  const url = absolute(args.origin, args.actionUrl);
  return {
    to: args.to,
    subject: args.title,
    text: serverText(args.language ?? "en", EMAIL_TEXTS, "notificationBody", { message: args.message, url, link }),
    headers: unsubscribeHeaders(link),
    names: args.names,
    recipientId: args.recipientId,
    eventId: args.eventId,
  };
}

/**
 * The daily digest: claims users whose last digest is a day old (`FOR UPDATE SKIP LOCKED`, so two instances
 * never claim the same user), moves their mark to now, and mails the notifications since the old mark in
 * the categories they get by e-mail. Only stored (in-app) notifications can be in a digest.
 */
export async function runDigests(deps: {
  notifications: Pick<NotificationsService, "claimDueDigests" | "digestItems"> & {
    /** Each user's language (as stored: read with languageOf) and zone. */
    readersOf(userIds: number[]): Promise<Map<number, { language: string; timezone: string | null }>>;
  };
  users: UserAddresses;
  origin: string;
  secret: string;
  enqueue: (message: MailMessage) => Promise<number>;
}): Promise<number> {
  const { origin } = deps;
  const claimed = await deps.notifications.claimDueDigests();
  let mailed = 0;
  const addresses = await deps.users.emailsOf(claimed.map((r) => r.userId));
  const readers = await deps.notifications.readersOf(claimed.map((r) => r.userId));
  for (const row of claimed) {
    const types = (Object.keys(CATEGORY_OF_TYPE) as NotificationType[]).filter(
      (t) => row.channels[CATEGORY_OF_TYPE[t]]?.email,
    );
    const to = addresses.get(row.userId);
    if (!to || types.length === 0) continue;
    const items = await deps.notifications.digestItems(row.userId, new Date(row.since), types);
    if (items.length === 0) continue;
    // The reader's language, for every notice in it too: a notice stored with codes is written again.
    const stored = readers.get(row.userId);
    const language = languageOf(stored?.language);
    const reader = { language, timezone: stored?.timezone ?? null };
    const link = unsubscribeUrl(origin, unsubscribeToken(deps.secret, row.userId, "all", row.linksVersion));
    const lines = items.map((n) =>
      serverText(language, EMAIL_TEXTS, "digestLine", {
        category: serverText(language, CATEGORY_LABELS, CATEGORY_OF_TYPE[n.type]),
        ...noticeIn(reader, n),
        url: absolute(origin, n.actionUrl),
      }),
    );
    await deps.enqueue({
      to,
      subject: serverText(language, EMAIL_TEXTS, "digestSubject", { count: items.length }),
      text: serverText(language, EMAIL_TEXTS, "digestBody", { lines: lines.join("\n"), link }),
      headers: unsubscribeHeaders(link),
      names: items.flatMap((n) => [...(n.actorId == null ? [] : [n.actorId]), ...n.namedIds]),
      recipientId: row.userId,
    });
    mailed += 1;
  }
  return mailed;
}
