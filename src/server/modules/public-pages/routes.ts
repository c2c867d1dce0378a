import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { messageSchema } from "#contract/auth";
import {
  embedQuerySchema,
  HOST_PAGES_PER_MINUTE,
  HOST_TEXTS,
  hostPageSchema,
  hostParamsSchema,
  SITEMAPS_PER_MINUTE,
  sitemapQuerySchema,
} from "#contract/hosts";
import { messageKey } from "#contract/i18n/texts";
import type { RouteDeps } from "#server/compose";
import { publicOrigin } from "#server/config";
import { HttpError } from "#server/http/http-error";
import { limitPerAddress } from "#server/http/rate-limits";
import { PAGE_PER_READER } from "#server/http/reader-language";
import { EMBED_CSP, embedHtml, embedNotFoundHtml } from "./embed-page";

const tags = ["hosts"];
/** Per viewer (a signed-in viewer may be refused what a stranger sees): never kept by a shared cache. */
const PER_VIEWER = "private, no-cache";

/**
 * The public face of Link, all readable signed out: a host's page data, its calendar and its embed; the
 * sitemap and robots.txt. Each answers 404 alike for an unknown name, a page turned off and a block.
 */
export const publicPagesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const service = deps.services.publicPages;
  const origin = () => publicOrigin(deps.config);
  // Usernames can be guessed: one per-address budget for the page, its calendar and its embed.
  const hostLimit = limitPerAddress(
    app.rateLimits.limiter("host-page", { points: HOST_PAGES_PER_MINUTE, windowMs: 60_000 }),
    messageKey(HOST_TEXTS, "tooMany"),
  );
  const publicRoute = { config: { public: true }, onRequest: hostLimit };
  // Each sitemap request reads up to SITEMAP_URLS_MAX rows: a crawler needs a few a minute, a flood gets 429.
  const sitemapLimit = limitPerAddress(
    app.rateLimits.limiter("sitemap", { points: SITEMAPS_PER_MINUTE, windowMs: 60_000 }),
    messageKey(HOST_TEXTS, "tooMany"),
  );

  app.get(
    "/api/hosts/:username",
    {
      ...publicRoute,
      schema: {
        tags,
        description:
          "Public: a host's page: name, photo, bio, followers, past events count and upcoming public events. Never an e-mail or a position. 404 for an unknown name, a page its owner turned off, and across a block.",
        params: hostParamsSchema,
        response: { 200: hostPageSchema, 400: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) =>
      reply.header("cache-control", PER_VIEWER).send(await service.hostPage(request.params.username, request.userId)),
  );

  app.get(
    "/api/hosts/:username/calendar.ics",
    {
      ...publicRoute,
      schema: {
        tags,
        description:
          "Public: the host's upcoming public events as iCalendar (stable UIDs, SEQUENCE, STATUS:CANCELLED, TZID), for calendar apps to subscribe to.",
        params: hostParamsSchema,
        response: { 200: z.string(), 400: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const ics = await service.hostCalendar(
        request.params.username,
        request.userId,
        origin(),
        await request.readerLanguage(),
      );
      return reply
        .header("content-type", "text/calendar; charset=utf-8")
        .header("cache-control", PER_VIEWER)
        .header("vary", "cookie, accept-language")
        .send(ics);
    },
  );

  app.get(
    "/embed/u/:username",
    {
      ...publicRoute,
      schema: {
        tags,
        description:
          "Public HTML made for an <iframe> on another site: the host's next public events, each linking to its page. The only route any site may frame.",
        params: hostParamsSchema,
        querystring: embedQuerySchema,
        response: { 200: z.string(), 400: messageSchema, 404: z.string(), 429: messageSchema },
      },
    },
    async (request, reply) => {
      const { theme } = request.query;
      // The host's snippet names their language; an embed without one speaks its reader's.
      const language = request.query.lang ?? (await request.readerLanguage());
      const found = await service.embed(request.params.username, request.userId);
      const base = origin();
      // Framing is allowed here only; helmet's X-Frame-Options would forbid it again.
      reply
        .removeHeader("x-frame-options")
        .header("content-security-policy", EMBED_CSP)
        .header("cross-origin-resource-policy", "cross-origin")
        .headers(PAGE_PER_READER)
        .type("text/html; charset=utf-8");
      if (!found || !base) return reply.code(404).send(embedNotFoundHtml(language, theme));
      return reply.send(embedHtml({ ...found, origin: base, theme, language }));
    },
  );

  app.get(
    "/sitemap.xml",
    {
      config: { public: true },
      onRequest: sitemapLimit,
      schema: {
        tags,
        description:
          "Public: upcoming public event pages (not canceled) and their hosts' public pages with lastmod, absolute from PUBLIC_ORIGIN; an index of ?page=N past 50 000 URLs. 404 without PUBLIC_ORIGIN; 10 requests a minute per address.",
        querystring: sitemapQuerySchema,
        response: { 200: z.string(), 400: messageSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request, reply) => {
      const base = origin();
      const xml = base ? await service.sitemap(base, request.query.page, request.userId) : undefined;
      if (!xml) throw new HttpError(404, messageKey(API_TEXTS, "notFound"));
      // Signed in, a block hides its other side here too: only the signed-out sitemap may be shared.
      const caching = request.userId == null ? "public, max-age=3600" : PER_VIEWER;
      return reply.type("application/xml; charset=utf-8").header("cache-control", caching).send(xml);
    },
  );

  app.get(
    "/robots.txt",
    {
      config: { public: true },
      schema: {
        tags,
        description: "Public: what crawlers may read, and where the sitemap is.",
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(service.robots(origin())),
  );
};
