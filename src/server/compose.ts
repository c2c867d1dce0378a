import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { publicOrigin } from "./config";
import type { AppDeps } from "./deps";
import { createRateLimits } from "./http/rate-limits";
import { accountRepository } from "./modules/account/repository";
import { authRepository } from "./modules/auth/repository";
import { authService } from "./modules/auth/service";
import { availabilityRepository } from "./modules/availability/repository";
import { availabilityService } from "./modules/availability/service";
import { chatRepository } from "./modules/chat/repository";
import { chatService } from "./modules/chat/service";
import { deckRepository } from "./modules/deck/repository";
import { deckService } from "./modules/deck/service";
import { feedRepository } from "./modules/events/feed/repository";
import { feedService } from "./modules/events/feed/service";
import { eventsRepository } from "./modules/events/repository";
import { eventsService } from "./modules/events/service";
import { friendsRepository } from "./modules/friends/repository";
import { friendsService } from "./modules/friends/service";
import { googleService } from "./modules/google/service";
import { groupsRepository } from "./modules/groups/repository";
import { groupsService } from "./modules/groups/service";
import { hostingRepository, hostingService } from "./modules/hosting";
import { invitesRepository } from "./modules/invites/repository";
import { invitesService } from "./modules/invites/service";
import { nearbyRepository } from "./modules/nearby/repository";
import { notificationsRepository } from "./modules/notifications/repository";
import { notificationsService } from "./modules/notifications/service";
import { createOutbox } from "./modules/outbox/outbox";
import { participantsRepository } from "./modules/participants/repository";
import { participantsService } from "./modules/participants/service";
import { createGeocoder } from "./modules/places/geocoder";
import { placesService } from "./modules/places/service";
import { pushRepository } from "./modules/push/repository";
import { safetyRepository } from "./modules/safety/repository";
import { uploadsRepository } from "./modules/uploads/repository";
import { uploadsService } from "./modules/uploads/service";
import { usersRepository } from "./modules/users/repository";
import { usersService } from "./modules/users/service";
import { waitlistRepository } from "./modules/waitlist/repository";

/**
 * The composition root: every repository and service of one app, built once, in one place. Repositories
 * take the database (`xRepository(db)`), services one object of what they need (`xService({ ... })`);
 * route plugins receive the result and build nothing themselves.
 */
export function composeServices(deps: AppDeps, log: FastifyBaseLogger) {
  const { config, bus } = deps;
  const { db } = deps.database;

  const repositories = {
    account: accountRepository(db),
    auth: authRepository(db),
    groups: groupsRepository(db),
    nearby: nearbyRepository(db),
    notifications: notificationsRepository(db),
    push: pushRepository(db),
    safety: safetyRepository(db),
    users: usersRepository(db),
    waitlist: waitlistRepository(db),
  };

  // Per-user and per-address limits shared by REST, sockets and instances (Redis when configured;
  // no offline queue: a down Redis fails over to an in-process counter at once).
  const rateLimits = createRateLimits({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log: { warn: (message) => log.warn(message), info: (message) => log.info(message) },
  });
  // E-mail leaves through the outbox: its worker runs from ready to close (app.ts).
  const outbox = createOutbox({ config, db, log });
  const notifications = notificationsService({ repo: repositories.notifications, bus });
  const uploads = uploadsService({ repo: uploadsRepository(db) });
  const groups = groupsService({ repo: repositories.groups, users: repositories.users, bus });
  const geocoder = config.GEOCODER_URL
    ? createGeocoder(config.GEOCODER_URL, {
        // Nominatim's usage policy asks every application to name itself.
        userAgent: `Link/1.0${config.PUBLIC_ORIGIN ? ` (+${config.PUBLIC_ORIGIN})` : ""}`,
        onFailure: (error) => log.warn({ err: error }, "geocoder search failed"),
      })
    : null;

  // The redirect URI comes from PUBLIC_ORIGIN only (issue 9.10): a Host or X-Forwarded-Host header is the
  // sender's to choose. Outside production the listening address stands in; in production without it, no flow.
  const origin = publicOrigin(config);

  const events = eventsRepository(db);
  const hosting = hostingService({
    repo: hostingRepository(db),
    users: repositories.users,
    access: { findEvent: events.findEvent, isGroupMember: repositories.groups.isMember },
    notifications,
    // Tickets are signed with a key made once per installation and kept beside the other server keys.
    ticketSecret: () => repositories.push.storedKey("ticket-code", () => randomBytes(32).toString("base64url")),
    now: deps.now,
  });

  return {
    repositories,
    rateLimits,
    hosting,
    outbox,
    notifications,
    uploads,
    groups,
    google: googleService({
      repo: repositories.auth,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri: origin ? new URL("/api/auth/google/callback", origin).href : null,
    }),
    auth: authService({ repo: repositories.auth }),
    availability: availabilityService({ repo: availabilityRepository(db) }),
    chat: chatService({ chat: chatRepository(db), groups: repositories.groups, bus }),
    deck: deckService({ repo: deckRepository(db), notifications }),
    events: eventsService({
      repo: events,
      users: repositories.users,
      membership: repositories.groups,
      uploads,
      notifications,
      hosting,
    }),
    feed: feedService({ repo: feedRepository(db), cohostsOf: hosting.cohostsOf }),
    friends: friendsService({ repo: friendsRepository(db), users: repositories.users, notifications }),
    invites: invitesService({ repo: invitesRepository(db), membership: repositories.groups }),
    participants: participantsService({
      repo: participantsRepository(db),
      users: repositories.users,
      membership: repositories.groups,
      notifications,
      hosting,
      now: deps.now,
    }),
    places: placesService({ geocoder }),
    users: usersService({ repo: repositories.users }),
  };
}
export type Services = ReturnType<typeof composeServices>;

/** What every route plugin receives: the process's deps and the services built once above. */
export interface RouteDeps extends AppDeps {
  services: Services;
}
