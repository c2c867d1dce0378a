import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import { type Language, languageDirection } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import {
  notificationPreferencesSchema,
  PUSH_RATE_LIMITS,
  PUSH_TEXTS,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
  UNSUBSCRIBE_TEXTS,
  unsubscribeQuerySchema,
} from "#contract/push";
import type { RouteDeps } from "#server/compose";
import { limitPerAddress, limitPerUser } from "#server/http/rate-limits";
import { PAGE_PER_READER } from "#server/http/reader-language";
import { requireUserId } from "#server/http/session";
import { requestLanguage, serverText } from "#server/i18n";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (language: Language, body: string) =>
  `<!doctype html><html lang="${language}" dir="${languageDirection(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(serverText(language, UNSUBSCRIBE_TEXTS, "pageTitle"))}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`;

/**
 * A browser (the confirm form, a person clicking) gets a page; a mail client or script gets the API's `{message}`.
 * Both in the recipient's language: the link's owner's account's, else the reader's (request.readerLanguage).
 */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: keyof typeof UNSUBSCRIBE_TEXTS,
  language: Language,
) {
  const message = serverText(language, UNSUBSCRIBE_TEXTS, key);
  reply.headers(PAGE_PER_READER);
  if ((request.headers.accept ?? "").includes("text/html")) {
    return reply
      .code(status)
      .type("text/html; charset=utf-8")
      .send(page(language, `<p>${escapeHtml(message)}</p>`));
  }
  // An error carries its code, like every error answer; a success is its message alone.
  return reply.code(status).send(status >= 400 ? { message, code: `unsubscribe.${key}` } : { message });
}

/** Web push devices, notification preferences, and the one-click unsubscribe endpoint of notification e-mails. */
export const deliveryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { delivery } = deps.services;
  const limited = {
    subscriptions: limitPerUser(
      app.rateLimits.limiter("push-subscriptions", PUSH_RATE_LIMITS.subscriptions),
      messageKey(PUSH_TEXTS, "tooMany"),
    ),
    preferences: limitPerUser(
      app.rateLimits.limiter("notification-preferences", PUSH_RATE_LIMITS.preferences),
      messageKey(PUSH_TEXTS, "tooMany"),
    ),
    // Public (mail clients post without a session): counted per client address.
    unsubscribe: limitPerAddress(
      app.rateLimits.limiter("email-unsubscribe", PUSH_RATE_LIMITS.unsubscribe),
      messageKey(PUSH_TEXTS, "tooMany"),
    ),
  };

  app.get("/api/push/public-key", { schema: { tags: ["push"], response: { 200: pushPublicKeySchema } } }, async () => ({
    publicKey: await delivery.publicKey(),
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
      await delivery.subscribe(requireUserId(request), request.sessionHash ?? null, request.body);
      return reply.code(201).send({ message: serverText(requestLanguage(request.headers), API_TEXTS, "pushOn") });
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
      await delivery.unsubscribeDevice(requireUserId(request), request.body.endpoint);
      return { message: serverText(requestLanguage(request.headers), API_TEXTS, "pushOff") };
    },
  );

  app.get(
    "/api/notification-preferences",
    { schema: { tags: ["push"], response: { 200: notificationPreferencesSchema } } },
    async (request) => delivery.preferences(requireUserId(request)),
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
      await delivery.savePreferences(requireUserId(request), request.body);
      return request.body;
    },
  );

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
      const language = (await delivery.linkLanguage(request.query.token)) ?? (await request.readerLanguage());
      if (!(await delivery.unsubscribe(request.query.token))) return answer(request, reply, 400, "invalid", language);
      return answer(request, reply, 200, "done", language);
    },
  );

  // A person clicking the link gets a confirmation button: a GET never changes anything (link scanners fetch them).
  app.get(
    "/api/email/unsubscribe",
    { config: { public: true }, schema: { tags: ["push"], querystring: unsubscribeQuerySchema } },
    async (request, reply) => {
      const language = (await delivery.linkLanguage(request.query.token)) ?? (await request.readerLanguage());
      if (!(await delivery.isLiveUnsubscribeLink(request.query.token)))
        return answer(request, reply, 400, "invalid", language);
      const t = (key: keyof typeof UNSUBSCRIBE_TEXTS) => escapeHtml(serverText(language, UNSUBSCRIBE_TEXTS, key));
      return reply
        .type("text/html; charset=utf-8")
        .headers(PAGE_PER_READER)
        .send(
          page(
            language,
            `<h1 style="font-size:1.25rem">${t("confirm")}</h1><form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(request.query.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.5rem 1rem">${t("unsubscribe")}</button></form>`,
          ),
        );
    },
  );
};
