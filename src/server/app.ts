import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ZodIssue } from "zod";
import { API_TEXTS } from "#contract/api-texts";
import { eventDetailSchema, feedQuerySchema, feedResponseSchema, myEventsSchema } from "#contract/events";
import { DECK_FIRST_PAGE } from "#contract/first-screen";
import { messageKey } from "#contract/i18n/texts";
import { BODY_LIMIT_BYTES } from "#contract/limits";
import { currentUserSchema } from "#contract/users";
import { composeServices, type RouteDeps } from "./compose";
import { type Config, connectSources, isLoopbackHost, publicOrigin, serveApiDocs } from "./config";
import type { AppDeps } from "./deps";
import { errorAnswer, statusAnswer, validationAnswer } from "./http/error-texts";
import { hintWhenProxyUntrusted } from "./http/forwarded-hint";
import { HttpError } from "./http/http-error";
import { decorateReaderLanguage, PAGE_PER_READER } from "./http/reader-language";
import { requestIdGenerator } from "./http/request-id";
import { safeErrorSerializer } from "./http/safe-error-log";
import { refuseCrossSiteWrites } from "./http/same-origin";
import { requireSessionUnlessPublic } from "./http/session";
import { sessionResolver } from "./http/session-resolver";
import { encodedShell, shellInLanguage } from "./http/shell-language";
import { requestLanguage } from "./i18n";
import { accountRoutes } from "./modules/account/routes";
import { authRoutes } from "./modules/auth/routes";
import { availabilityRoutes } from "./modules/availability/routes";
import { calendarRoutes } from "./modules/calendar/routes";
import { chatRoutes } from "./modules/chat/routes";
import { deliveryRoutes } from "./modules/delivery/routes";
import { discoverRoutes } from "./modules/discover/routes";
import { earlyAccessRoutes } from "./modules/early-access/routes";
import { eventConversationRoutes } from "./modules/event-conversation/routes";
import { eventsRoutes } from "./modules/events/routes";
import { firstScreenService } from "./modules/first-screen";
import { friendsRoutes } from "./modules/friends/routes";
import { googleRoutes } from "./modules/google/routes";
import { groupsRoutes } from "./modules/groups/routes";
import { registerMetrics } from "./modules/health";
import { healthRoutes } from "./modules/health/routes";
import { hostingRoutes } from "./modules/hosting/routes";
import { invitesRoutes } from "./modules/invites/routes";
import { linkPreviewService } from "./modules/link-preview";
import { linkPreviewRoutes } from "./modules/link-preview/routes";
import { mapHosts } from "./modules/maps";
import { mapsRoutes } from "./modules/maps/routes";
import { matchingRoutes } from "./modules/matching/routes";
import { notificationsRoutes } from "./modules/notifications/routes";
import { participantsRoutes } from "./modules/participants/routes";
import { placesRoutes } from "./modules/places/routes";
import { pollsRoutes } from "./modules/polls/routes";
import { publicPagesRoutes } from "./modules/public-pages/routes";
import { safetyRoutes } from "./modules/safety/routes";
import { uploadsRoutes } from "./modules/uploads/routes";
import { toCurrentUser } from "./modules/users";
import { usersRoutes } from "./modules/users/routes";
import { realtimeRoutes } from "./realtime/routes";
import { realtimeOptions } from "./realtime-handlers";
import { runWorkers } from "./workers";

/** Every module's HTTP routes; each plugin receives the same RouteDeps. */
const MODULE_ROUTES = [
  healthRoutes,
  authRoutes,
  eventsRoutes,
  hostingRoutes,
  eventConversationRoutes,
  discoverRoutes,
  participantsRoutes,
  availabilityRoutes,
  usersRoutes,
  friendsRoutes,
  uploadsRoutes,
  notificationsRoutes,
  deliveryRoutes,
  earlyAccessRoutes,
  groupsRoutes,
  pollsRoutes,
  invitesRoutes,
  chatRoutes,
  placesRoutes,
  mapsRoutes,
  googleRoutes,
  safetyRoutes,
  accountRoutes,
  calendarRoutes,
  publicPagesRoutes,
  matchingRoutes,
];

/** Fastify's trustProxy: a hop count becomes "trust the nearest N hops" (its typings omit the number form). */
function trustProxyOption(trust: Config["TRUST_PROXY"]) {
  if (typeof trust === "number") return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

/** Said once at start: what an operator must set before e-mails carry links, and what a demo exposes. */
function warnAboutSettings(config: Config, log: FastifyBaseLogger) {
  if (!config.PUBLIC_ORIGIN)
    log.warn(`PUBLIC_ORIGIN is unset: calendar links, link cards and e-mailed links point to ${publicOrigin(config)}`);
  if (!config.SMTP_URL && config.NODE_ENV === "production")
    log.warn("SMTP_URL is unset: e-mails stay pending in the outbox table");
  if (!config.DEPLOYMENT && config.NODE_ENV === "production" && !isLoopbackHost(config.HOST))
    log.warn(
      `demo mode on ${config.HOST}: the README's public access codes register anyone who reaches this server; a deployment sets PUBLIC_ORIGIN and ACCESS_CODES (docs/operations.md)`,
    );
  if (config.DEPLOYMENT && !config.ADMIN_USERNAMES?.length)
    log.warn(
      "ADMIN_USERNAMES is unset: moderators are only those granted with `npm run moderator -- grant <username>`",
    );
}

/** Where the built client is served from; e2e runs give each port its own folder. */
const CLIENT_DIST = path.resolve(process.env.CLIENT_DIST ?? "dist/client");

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Cookies and credentials never reach the log.
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      // A failed query is logged as its class, SQLSTATE and placeholder statement, never its parameters.
      serializers: { err: safeErrorSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // A UUID per request (an upstream x-request-id only from a trusted proxy), as reqId in every request log line.
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Only proxies the operator names may set X-Forwarded-For/-Proto/-Host (unset: none, so no client can dodge per-IP limits).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON is the only body the API speaks; a text/plain form post from another site is refused (415).
  app.removeContentTypeParser("text/plain");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  hintWhenProxyUntrusted(app, config);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.headers);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { instancePath, keyword, message, params } = error.validation[0];
      const field = instancePath.replace(/^\//, "").replaceAll("/", ".");
      const issue = { ...params, code: keyword, message, path: field ? field.split(".") : [] } as unknown as ZodIssue;
      return reply.code(400).send(validationAnswer(language, field, issue));
    }
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) {
      // A 5xx a service raises on purpose is an answer meant for the client: keep it, and log it too.
      if (status >= 500) request.log.warn({ err: error }, "request refused");
      return reply.code(status).send(errorAnswer(language, status, error.code, error.values));
    }
    if (status >= 400 && status < 500) return reply.code(status).send(statusAnswer(status, error.message));
    // The err serializer (safeErrorSerializer) keeps query parameters and database messages out of this line.
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorAnswer(language, 500, messageKey(API_TEXTS, "internal")));
  });

  await app.register(fastifyCookie);
  // The map's hosts only when the operator has a map: otherwise the CSP names no map host at all.
  const mapOrigins = await mapHosts(config.MAP_STYLE_URL);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Only images served by Link itself (uploads, bundled art); data:/blob: for picked-photo previews.
        imgSrc: ["'self'", "data:", "blob:", ...mapOrigins],
        connectSrc: [...connectSources(config), ...mapOrigins],
        // MapLibre starts its tile workers from blob: URLs.
        ...(mapOrigins.length > 0 ? { workerSrc: ["'self'", "blob:"], childSrc: ["'self'", "blob:"] } : {}),
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.NODE_ENV === "production",
  });
  const services = composeServices(deps, app.log);
  const { rateLimits } = services;
  app.decorate("rateLimits", rateLimits);
  app.addHook("onClose", () => rateLimits.close());
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Link API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  if (serveApiDocs(config)) await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 16 * 1024 },
    // At shutdown every socket hears "going away" (1001), so clients reconnect to another instance at once;
    // the plugin's default closes without a code (1005). The hub's own preClose then waits for the closes.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, "Server shutting down");
      done();
    },
  });

  app.addHook("onRequest", refuseCrossSiteWrites(config));
  registerMetrics(app, deps);
  runWorkers(app, services.workers);
  warnAboutSettings(config, app.log);
  app.addHook("onReady", async () => {
    const { granted, withoutAccount } = await services.roles.grantConfiguredModerators();
    if (granted.length > 0) app.log.info(`moderator role granted from ADMIN_USERNAMES: ${granted.join(", ")}`);
    if (withoutAccount.length > 0)
      app.log.warn(
        `ADMIN_USERNAMES names no account it can grant: ${withoutAccount.join(", ")} (the list grants only accounts that existed when a name was first listed; use \`npm run moderator -- grant <username>\`)`,
      );
  });
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionHash", null);
  app.addHook("onRequest", sessionResolver({ auth: services.auth, bus: deps.bus }));
  app.addHook("onRequest", requireSessionUnlessPublic);
  decorateReaderLanguage(app, async (userId) => (await services.users.find(userId))?.language);

  const routeDeps = { ...deps, services };
  for (const routes of MODULE_ROUTES) await app.register(routes, routeDeps);
  await app.register(
    realtimeRoutes,
    realtimeOptions({
      bus: deps.bus,
      publicOrigin: config.PUBLIC_ORIGIN,
      groupNamesOf: (userId) => services.repositories.groups.namesForUser(userId),
      openMembersAmong: (groupId, userIds) => services.repositories.groups.openMembersAmong(groupId, userIds),
      groups: services.groups,
      chat: services.chat,
      sessions: services.repositories.auth,
      users: services.repositories.users,
    }),
  );
  await serveClient(app, routeDeps);
  return app;
}

/** Vite names every file under assets/ by its content hash: a changed file gets a new name, so browsers may keep it for a year. */
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

/**
 * The built client (brotli/gzip siblings written by scripts/build.mjs) and its SPA fallback. index.html and
 * the other unhashed files are revalidated on every load so a deploy is seen at once; unknown /api paths and
 * missing hashed assets (an old tab asking for the previous deploy's chunk) stay 404s rather than HTML.
 */
async function serveClient(app: FastifyInstance, { config, services }: RouteDeps) {
  const hasClient = existsSync(path.join(CLIENT_DIST, "index.html"));
  // An app page's first screen is drawn on the server, from the same answers the API gives the same person.
  const firstScreen = firstScreenService({
    sources: {
      currentUser: async (userId) => {
        const user = await services.users.find(userId);
        return user && currentUserSchema.encode(toCurrentUser(user));
      },
      deckFirstPage: async (userId) =>
        feedResponseSchema.encode(await services.feed.feed(userId, feedQuerySchema.parse(DECK_FIRST_PAGE))),
      myEvents: async (userId) => myEventsSchema.encode(await services.events.userEvents(userId)),
      eventDetail: async (userId, eventId) => eventDetailSchema.encode(await services.events.detail(userId, eventId)),
    },
    clientDist: CLIENT_DIST,
    log: app.log,
  });
  /** The shell of `request`'s page in its reader's language, its first screen drawn when there is one. */
  const appPage = async (request: FastifyRequest, reply: FastifyReply): Promise<{ html: string; drawn: boolean }> => {
    const { html, drawn } = await firstScreen.page({
      shell: await readFile(path.join(CLIENT_DIST, "index.html"), "utf8"),
      url: `${request.protocol}://${request.host}${request.url}`,
      userId: request.userId ?? null,
      language: await request.readerLanguage(),
      inLanguage: shellInLanguage,
    });
    // A drawn page holds one person's data, and a signed-in reader's page speaks their account's language: never
    // kept by a shared cache, and told apart by its cookie. A visitor's plain shell differs only by language.
    if (drawn || request.userId != null) reply.headers(PAGE_PER_READER);
    else reply.header("cache-control", "no-cache").header("vary", "accept-language, accept-encoding");
    return { html, drawn };
  };
  if (hasClient) {
    // Shared links unfurl: an event's, a host's and an invite's page carry their card in the shell's head.
    const service = linkPreviewService({
      sources: {
        eventPreview: services.events.preview,
        publicEvent: async (eventId, viewerId) => {
          const found = await services.publicPages.visibleEvent(eventId, viewerId);
          return found && { previousDate: found.event.previousDate, hostPage: found.hostPage };
        },
        hostCard: services.publicPages.hostCard,
        inviteView: (code) => services.invites.view(code),
        uploadBytes: (id) => services.uploads.load(id),
      },
      origin: publicOrigin(config),
      clientDist: CLIENT_DIST,
    });
    await app.register(linkPreviewRoutes, {
      service,
      appPage: async (request, reply) => (await appPage(request, reply)).html,
    });
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      wildcard: false,
      // "/" is the shell, written in the request's language below like every other page of the app.
      index: false,
      preCompressed: true,
      // The app's server render (ssr/) is the server's to run, not a file to serve.
      allowedPath: (pathName) => !pathName.startsWith("/ssr/"),
      setHeaders: (reply, filePath) => {
        const hashed = path.relative(CLIENT_DIST, filePath).startsWith(`assets${path.sep}`);
        reply.header("cache-control", hashed ? HASHED_ASSET_CACHE : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const notTheApp = request.url.startsWith("/api/") || request.url.startsWith("/assets/") || request.url === "/ws";
    if (!hasClient || request.method !== "GET" || notTheApp) {
      throw new HttpError(404, messageKey(API_TEXTS, "notFound"));
    }
    // The shell in the reader's language (lang, dir, "Loading"), read per request so a deploy is seen at once.
    const { html, drawn } = await appPage(request, reply);
    const { body, encoding } = encodedShell(html, request.headers["accept-encoding"], { personal: drawn });
    if (encoding) reply.header("content-encoding", encoding);
    return reply.type("text/html; charset=utf-8").send(body);
  });
}
