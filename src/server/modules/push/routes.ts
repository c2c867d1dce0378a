import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageSchema } from "../../../contract/auth";
import {
  isPushServiceUrl,
  notificationPreferencesSchema,
  PUSH_DEVICE_TAKEN,
  PUSH_ENDPOINT_REFUSED,
  PUSH_RATE_LIMITS,
  PUSH_TOO_MANY_TEXT,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
  UNSUBSCRIBE_TEXTS,
  unsubscribeQuerySchema,
} from "../../../contract/push";
import type { RouteDeps } from "../../compose";
import { publicOrigin } from "../../config";
import { HttpError } from "../../http/http-error";
import { limitPerAddress, limitPerUser } from "../../http/rate-limits";
import { requireUserId } from "../../http/session";
import { deliveriesSettled, type NotificationDelivery, onNotification } from "../notifications/notify";
import { listenForChatMessages } from "./chat-push";
import { notificationEmail, readUnsubscribeToken, runDigests, turnEmailOff, unsubscribeToken } from "./email";
import { createFcmSender } from "./fcm";
import { unsubscribeSecret, vapidKeys } from "./keys";
import { openSocketsHere } from "./presence";
import { createPushSender } from "./sender";

/** How often an instance looks for users whose daily digest is due. */
const DIGEST_POLL_MS = 15 * 60_000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link e-mails</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`;

/** A browser (the confirm form, a person clicking) gets a page; a mail client or script gets the API's `{message}`. */
function answer(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if ((request.headers.accept ?? "").includes("text/html")) {
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(page(`<p>${escapeHtml(message)}</p>`));
  }
  return reply.code(status).send({ message });
}

/**
 * Issue 14.2/14.3: web push subscriptions, notification preferences, and the one-click unsubscribe
 * endpoint; registers push and e-mail delivery for every notification notify() stores.
 */
/** Where FCM's API is; only tests change it (process-wide, set before the app is built). */
let fcmApiBase: string | undefined;
export function setFcmApiBaseForTests(base: string | undefined) {
  fcmApiBase = base;
}

export const pushRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { config } = deps;
  const { notifications } = deps.services;
  const { push: repo, users, notifications: notificationsRepo, groups } = deps.services.repositories;
  const keys = await vapidKeys(config, repo);
  const secret = await unsubscribeSecret(repo);
  const origin = publicOrigin(config);
  const sender = createPushSender({ keys, repo, log: app.log, allowHttp: config.NODE_ENV === "test" });
  const fcm = config.FCM_SERVICE_ACCOUNT_FILE
    ? createFcmSender({ serviceAccountFile: config.FCM_SERVICE_ACCOUNT_FILE, repo, log: app.log, apiBase: fcmApiBase })
    : null;

  async function deliver({ category, content, recipients }: NotificationDelivery) {
    // Push: users who keep this category as push and have no socket open here (an open app already shows it).
    const pushTo = recipients
      .filter((r) => r.preferences.channels[category].push && openSocketsHere(deps.bus, r.userId) === 0)
      .map((r) => r.userId);
    if (pushTo.length) {
      const subscriptions = await repo.listFor(pushTo);
      const payload = {
        title: content.title,
        body: content.message,
        url: content.actionUrl?.startsWith("/") ? content.actionUrl : "/notifications",
        tag: content.tag,
      };
      await Promise.all([sender.send(subscriptions, payload), fcm?.send(subscriptions, payload)]);
    }
    // E-mail: one per notification, unless the user chose the daily digest (runDigests sends that).
    const mailTo = recipients
      .filter((r) => r.preferences.channels[category].email && !r.preferences.emailDigest)
      .map((r) => r.userId);
    if (mailTo.length && origin) {
      const addresses = await users.emailsOf(mailTo);
      const versions = await notifications.linksVersions(mailTo);
      for (const userId of mailTo) {
        const to = addresses.get(userId);
        if (!to) continue;
        const token = unsubscribeToken(secret, userId, category, versions.get(userId) ?? 0);
        await deps.services.outbox.enqueue(notificationEmail({ to, origin, token, ...content }));
      }
    }
  }
  onNotification(deps.bus, (delivery) =>
    deliver(delivery).catch((error: Error) => app.log.warn({ err: error }, "notification delivery failed")),
  );
  listenForChatMessages({
    groups,
    blocks: deps.services.repositories.safety,
    notifications,
    bus: deps.bus,
    log: app.log,
    mutedIds: deps.services.eventConversation.mutedIds,
  });
  const limited = {
    subscriptions: limitPerUser(
      app.rateLimits.limiter("push-subscriptions", PUSH_RATE_LIMITS.subscriptions),
      PUSH_TOO_MANY_TEXT,
    ),
    preferences: limitPerUser(
      app.rateLimits.limiter("notification-preferences", PUSH_RATE_LIMITS.preferences),
      PUSH_TOO_MANY_TEXT,
    ),
    // Public (mail clients post without a session): counted per client address.
    unsubscribe: limitPerAddress(
      app.rateLimits.limiter("email-unsubscribe", PUSH_RATE_LIMITS.unsubscribe),
      PUSH_TOO_MANY_TEXT,
    ),
  };
  const digestTimer = setInterval(() => {
    void runDigests({
      notifications: notificationsRepo,
      users,
      origin,
      secret,
      enqueue: (m) => deps.services.outbox.enqueue(m),
    }).catch((error: Error) => app.log.warn({ err: error }, "digest round failed"));
  }, DIGEST_POLL_MS);
  digestTimer.unref();
  app.addHook("onClose", async () => {
    clearInterval(digestTimer);
    await deliveriesSettled(deps.bus);
  });

  app.get("/api/push/public-key", { schema: { tags: ["push"], response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: keys.publicKey,
  }));

  app.post(
    "/api/push/subscriptions",
    {
      preHandler: limited.subscriptions,
      schema: {
        tags: ["push"],
        body: pushSubscriptionInputSchema,
        response: { 201: messageSchema, 409: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      // Tests subscribe local push services; everywhere else only the browsers' push services are accepted.
      if (request.body.platform === "web" && config.NODE_ENV !== "test" && !isPushServiceUrl(request.body.endpoint)) {
        throw new HttpError(400, PUSH_ENDPOINT_REFUSED);
      }
      if (!(await repo.save(userId, request.sessionHash ?? null, request.body)))
        throw new HttpError(409, PUSH_DEVICE_TAKEN);
      return reply.code(201).send({ message: "Push notifications are on for this device" });
    },
  );

  app.delete(
    "/api/push/subscriptions",
    {
      preHandler: limited.subscriptions,
      schema: {
        tags: ["push"],
        body: pushUnsubscribeSchema,
        response: { 200: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request) => {
      const deleted = await repo.deleteOwn(requireUserId(request), request.body.endpoint);
      if (!deleted) throw new HttpError(404, "Device not found");
      return { message: "Push notifications are off for this device" };
    },
  );

  app.get(
    "/api/notification-preferences",
    { schema: { tags: ["push"], response: { 200: notificationPreferencesSchema } } },
    async (request) => {
      const userId = requireUserId(request);
      return (await notifications.preferencesOf([userId])).get(userId);
    },
  );

  app.put(
    "/api/notification-preferences",
    {
      preHandler: limited.preferences,
      schema: {
        tags: ["push"],
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, 429: messageSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await notifications.savePreferences(userId, request.body);
      return request.body;
    },
  );

  /** A token signed by this server and sent under the person's current preferences: older links are dead. */
  async function liveUnsubscribeTarget(token: string) {
    const target = readUnsubscribeToken(secret, token);
    if (!target) return null;
    const current = (await notifications.linksVersions([target.userId])).get(target.userId);
    return current === target.version ? target : null;
  }

  // One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` as a form, without a session.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    "/api/email/unsubscribe",
    {
      config: { public: true },
      preHandler: limited.unsubscribe,
      schema: { tags: ["push"], querystring: unsubscribeQuerySchema },
    },
    async (request, reply) => {
      const target = await liveUnsubscribeTarget(request.query.token);
      if (!target) return answer(request, reply, 400, UNSUBSCRIBE_TEXTS.invalid);
      await turnEmailOff({ notifications, users }, target.userId, target.scope);
      return answer(request, reply, 200, UNSUBSCRIBE_TEXTS.done);
    },
  );

  // A person clicking the link gets a confirmation button: a GET never changes anything (link scanners fetch them).
  app.get(
    "/api/email/unsubscribe",
    { config: { public: true }, schema: { tags: ["push"], querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      if (!(await liveUnsubscribeTarget(request.query.token)))
        return answer(request, reply, 400, UNSUBSCRIBE_TEXTS.invalid);
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            `<h1 style="font-size:1.25rem">Stop these e-mails from Link?</h1><form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(request.query.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.5rem 1rem">Unsubscribe</button></form>`,
          ),
        );
    },
  );
};
