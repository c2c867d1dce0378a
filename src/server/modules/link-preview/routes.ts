import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import { EVENT_PREVIEWS_PER_MINUTE } from "#contract/event-sharing";
import { eventIdParamsSchema } from "#contract/events";
import { INVITE_LOOKUPS_PER_MINUTE, inviteCodeParamsSchema } from "#contract/groups";
import { HOST_PAGES_PER_MINUTE, hostParamsSchema } from "#contract/hosts";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import { type Limiter, retryAfterSeconds } from "#server/http/rate-limits";
import { PAGE_PER_READER } from "#server/http/reader-language";
import { LINK_IMAGE_KEY } from "./card-image";
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
        // Per reader (a signed-in viewer may be refused what a stranger sees, and reads their account's
        // language), and revalidated like index.html.
        .headers(PAGE_PER_READER)
        .send(card ? withCard(html, card) : html)
    );
  };

  /**
   * A card says what its page's public read says, so it spends that read's per-address budget (one limiter
   * per name: asking for it with other numbers throws): past it, 429 and the plain shell.
   */
  const budgeted =
    (limiter: Limiter, card: (request: FastifyRequest) => Promise<LinkCard | null>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await limiter.consume(`ip:${request.ip}`);
      if (!verdict.allowed) {
        reply.code(429).header("retry-after", String(retryAfterSeconds(verdict)));
        return send(reply, null);
      }
      return send(reply, await card(request));
    };
  const limiter = (name: string, points: number) => app.rateLimits.limiter(name, { points, windowMs: 60_000 });

  const previews = limiter("event-preview", EVENT_PREVIEWS_PER_MINUTE);
  // A signed-in viewer gets the public preview's rules too.
  app.get(
    "/events/:id",
    budgeted(previews, async (request) => {
      const params = eventIdParamsSchema.safeParse(request.params);
      return params.success
        ? service.eventCard(params.data.id, request.userId ?? null, await request.readerLanguage())
        : null;
    }),
  );
  app.get(
    "/u/:username",
    budgeted(limiter("host-page", HOST_PAGES_PER_MINUTE), async (request) => {
      const params = hostParamsSchema.safeParse(request.params);
      return params.success
        ? service.hostCard(params.data.username, request.userId ?? null, await request.readerLanguage())
        : null;
    }),
  );
  // A card's picture: the same for everyone who holds its page's link, so any cache may keep it. Drawing one
  // costs CPU: a picture not drawn yet spends the preview's per-address budget.
  app.get("/link-images/:key", async (request, reply) => {
    const { key } = request.params as { key: string };
    if (!LINK_IMAGE_KEY.test(key)) throw new HttpError(404, messageKey(API_TEXTS, "notFound"));
    if (!service.isPictureKept(key)) {
      const verdict = await previews.consume(`ip:${request.ip}`);
      if (!verdict.allowed) {
        const seconds = retryAfterSeconds(verdict);
        reply.header("retry-after", String(seconds));
        throw new HttpError(429, messageKey(API_TEXTS, "tooManyAttempts"), { seconds });
      }
    }
    const picture = await service.picture(key);
    if (!picture) throw new HttpError(404, messageKey(API_TEXTS, "notFound"));
    return reply.type("image/jpeg").header("cache-control", "public, max-age=86400").send(picture);
  });
  // Trying codes through the card costs what trying them through the invite's own read costs.
  app.get(
    "/invite/:code",
    budgeted(limiter("invite-lookup", INVITE_LOOKUPS_PER_MINUTE), async (request) => {
      const params = inviteCodeParamsSchema.safeParse(request.params);
      return params.success ? service.inviteCard(params.data.code, await request.readerLanguage()) : null;
    }),
  );
};
