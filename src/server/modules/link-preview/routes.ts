import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { EVENT_PREVIEWS_PER_MINUTE } from "#contract/event-sharing";
import { eventIdParamsSchema } from "#contract/events";
import { inviteCodeParamsSchema } from "#contract/groups";
import { HOST_PAGES_PER_MINUTE, hostParamsSchema } from "#contract/hosts";
import { retryAfterSeconds } from "#server/http/rate-limits";
import { shellInLanguage } from "#server/http/shell-language";
import { requestLanguage } from "#server/i18n";
import type { LinkCard, LinkPreviewService } from "./service";
import { withCard } from "./service";

/**
 * The HTML shell for an event's link, a host's page and a group invite's, with its link card in the head
 * (and a public event's structured data). Anything
 * that is not a shareable page (a bad id, a group's plan, an unknown code) gets the plain shell, so
 * the app itself says what happened.
 */
export const linkPreviewRoutes: FastifyPluginAsync<{ service: LinkPreviewService; clientDist: string }> = async (
  app,
  { service, clientDist },
) => {
  // Read per request like the static files: a deploy that replaces the shell is served at once.
  const shell = () => readFile(path.join(clientDist, "index.html"), "utf8");
  const send = async (reply: FastifyReply, card: LinkCard | null) => {
    const html = shellInLanguage(await shell(), requestLanguage(reply.request.headers));
    return (
      reply
        .type("text/html; charset=utf-8")
        // Per viewer (a signed-in viewer may be refused what a stranger sees), and revalidated like index.html.
        .header("cache-control", "private, no-cache")
        .header("vary", "accept-language")
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
