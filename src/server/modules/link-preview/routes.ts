import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { EVENT_PREVIEWS_PER_MINUTE } from "#contract/event-sharing";
import { eventIdParamsSchema } from "#contract/events";
import { inviteCodeParamsSchema } from "#contract/groups";
import { HOST_PAGES_PER_MINUTE, hostParamsSchema } from "#contract/hosts";
import { retryAfterSeconds } from "#server/http/rate-limits";
import { requestLanguage } from "#server/i18n";
import type { LinkCard, LinkPreviewService } from "./service";
import { withCard } from "./service";

/**
 * The HTML shell for an event's link, a host's page and a group invite's, with its link card in the head
 * (and a public event's structured data). Anything
 * that is not a shareable page (a bad id, a group's plan, an unknown code) gets the plain shell, so
 * the app itself says what happened.
 */
export const linkPreviewRoutes: FastifyPluginAsync<{
  service: LinkPreviewService;
  /** The app's page for the request (the shell in its reader's language, its first screen drawn when there is one). */
  appPage: (request: FastifyRequest, reply: FastifyReply) => Promise<string>;
}> = async (app, { service, appPage }) => {
  const send = async (reply: FastifyReply, card: LinkCard | null) => {
    const html = await appPage(reply.request, reply);
    return (
      reply
        .type("text/html; charset=utf-8")
        // Per viewer (a signed-in viewer may be refused what a stranger sees), and revalidated like index.html.
        .header("cache-control", "private, no-cache")
        .header("vary", "cookie, accept-language")
        .send(card ? withCard(html, card) : html)
    );
  };

  // The card says what the public preview says, so it spends the same per-address budget (one limiter per
  // name: asking for it with other numbers throws) and applies the same rules to a signed-in viewer.
  const previews = app.rateLimits.limiter("event-preview", { points: EVENT_PREVIEWS_PER_MINUTE, windowMs: 60_000 });
  app.get("/events/:id", async (request, reply) => {
    const params = eventIdParamsSchema.safeParse(request.params);
    if (!params.success) return send(reply, null);
    const verdict = await previews.consume(`ip:${request.ip}`);
    if (!verdict.allowed) {
      reply.code(429).header("retry-after", String(retryAfterSeconds(verdict)));
      return send(reply, null);
    }
    return send(
      reply,
      await service.eventCard(params.data.id, request.userId ?? null, requestLanguage(request.headers)),
    );
  });
  // A host's card spends the budget of the host's page, which says the same.
  const hostPages = app.rateLimits.limiter("host-page", { points: HOST_PAGES_PER_MINUTE, windowMs: 60_000 });
  app.get("/u/:username", async (request, reply) => {
    const params = hostParamsSchema.safeParse(request.params);
    if (!params.success) return send(reply, null);
    const verdict = await hostPages.consume(`ip:${request.ip}`);
    if (!verdict.allowed) {
      reply.code(429).header("retry-after", String(retryAfterSeconds(verdict)));
      return send(reply, null);
    }
    return send(
      reply,
      await service.hostCard(params.data.username, request.userId ?? null, requestLanguage(request.headers)),
    );
  });
  app.get("/invite/:code", async (request, reply) => {
    const params = inviteCodeParamsSchema.safeParse(request.params);
    return send(
      reply,
      params.success ? await service.inviteCard(params.data.code, requestLanguage(request.headers)) : null,
    );
  });
};
