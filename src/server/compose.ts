import type { FastifyBaseLogger } from "fastify";
import { publicOrigin } from "./config";
import type { AppDeps } from "./deps";
import { createRateLimits } from "./http/rate-limits";
import { createMailTransport } from "./mail";
import { accountRepository, accountService, accountTokenPrune } from "./modules/account";
import { authRepository, authService, sessionSweeper } from "./modules/auth";
import { availabilityRepository, availabilityService } from "./modules/availability";
import { calendarRepository, calendarService } from "./modules/calendar";
import { chatRepository, chatService, toChatMessage } from "./modules/chat";
import {
  createDeliveryWorker,
  createEmailDigestWorker,
  deliveryRepository,
  deliveryService,
  ticketSecret,
} from "./modules/delivery";
import { cellsOnBus, createCellPool, discoverRepository, discoverService } from "./modules/discover";
import { earlyAccessRepository, earlyAccessService } from "./modules/early-access";
import {
  eventConversationRepository,
  eventConversationService,
  leaveEventConversation,
} from "./modules/event-conversation";
import { eventsRepository, eventsService, freeRanges } from "./modules/events";
import { endFollowsBetween, followsRepository, followsService } from "./modules/follows";
import { friendsRepository, friendsService } from "./modules/friends";
import { googleService } from "./modules/google";
import { groupsRepository, groupsService } from "./modules/groups";
import { healthService } from "./modules/health";
import { hostingRepository, hostingService } from "./modules/hosting";
import { invitesRepository, invitesService } from "./modules/invites";
import { createMeetingReminderWorker, matchingRepository, matchingService } from "./modules/matching";
import { nearbyRepository, nearbyService } from "./modules/nearby";
import { notificationsRepository, notificationsService } from "./modules/notifications";
import { createOutboxWorker, outboxRepository, outboxService } from "./modules/outbox";
import { participantsRepository, participantsService, seatOfferWorker } from "./modules/participants";
import { createGeocoder, placesService } from "./modules/places";
import { createPollWorker, pollsRepository, pollsService } from "./modules/polls";
import { publicPagesRepository, publicPagesService } from "./modules/public-pages";
import { createReminderWorker, remindersRepository, remindersService } from "./modules/reminders";
import { rolesRepository, rolesService } from "./modules/roles";
import { safetyRepository, safetyService } from "./modules/safety";
import { uploadsRepository, uploadsService } from "./modules/uploads";
import { usersRepository, usersService } from "./modules/users";
import { visibilityRepository, visibilityService } from "./modules/visibility";

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
    delivery: deliveryRepository(db),
    safety: safetyRepository(db),
    users: usersRepository(db),
    earlyAccess: earlyAccessRepository(db),
  };

  // Per-user and per-address limits shared by REST, sockets and instances (Redis when configured;
  // no offline queue: a down Redis fails over to an in-process counter at once).
  const rateLimits = createRateLimits({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    log: { warn: (message) => log.warn(message), info: (message) => log.info(message) },
  });
  // E-mail leaves through the outbox, whose worker delivers it.
  const outboxRepo = outboxRepository(db);
  const outboxWorker = createOutboxWorker({ repo: outboxRepo, log, transport: createMailTransport(config) });
  const outbox = outboxService({ repo: outboxRepo, worker: outboxWorker, log });
  /** The groups a person is in: where their suspension or deletion may end others' access. */
  const groupIdsOf = async (userId: number) => (await repositories.groups.namesForUser(userId)).map((g) => g.id);
  // Who may see what (events, people, guest lists) is answered by one module that every read asks.
  const visibility = visibilityService({ repo: visibilityRepository(db), bus });
  const blocks = visibility;
  const auth = authService({ repo: repositories.auth, bus });
  const notifications = notificationsService({ repo: notificationsRepository(db), bus, visibility });
  const reminderWorker = createReminderWorker({
    service: remindersService({
      repo: remindersRepository(db),
      notifications,
      zoneOf: async (userId) => (await repositories.users.findById(userId))?.timezone,
    }),
    log,
    everyMs: config.REMINDER_POLL_MS,
  });
  const uploads = uploadsService({ repo: uploadsRepository(db) });
  const availability = availabilityService({ repo: availabilityRepository(db), blocks });
  const pollsRepo = pollsRepository(db);
  const groups = groupsService({
    repo: repositories.groups,
    users: repositories.users,
    availability,
    bus,
    blocks,
    pollIdsAmong: pollsRepo.pollIdsAmong,
    toChatMessage,
    // Called per request, after eventConversation below exists.
    conversationHosts: (groupId) => eventConversation.hostsOf(groupId),
  });
  const follows = followsService({
    repo: followsRepository(db),
    userExists: async (id) => Boolean(await repositories.users.findById(id)),
    blockedEitherWay: blocks.isBlockedEitherWay,
    notifications,
  });
  const geocoder = config.GEOCODER_URL
    ? createGeocoder(config.GEOCODER_URL, {
        // Nominatim's usage policy asks every application to name itself.
        userAgent: `Link/1.0${config.PUBLIC_ORIGIN ? ` (+${config.PUBLIC_ORIGIN})` : ""}`,
        onFailure: (error) => log.warn({ err: error }, "geocoder search failed"),
      })
    : null;

  const feedRepo = discoverRepository(db);
  // Each instance keeps the feed's cells of upcoming events; every event write reaches them all on the bus.
  const feedCells = createCellPool(feedRepo.upcomingInCells);
  const feedCellsOnBus = cellsOnBus(bus, feedCells, log);
  const eventsRepo = eventsRepository(db, feedCellsOnBus.written);
  const friendsRepo = friendsRepository(db);
  const chatRepo = chatRepository(db);
  const chat = chatService({ chat: chatRepo, groups: repositories.groups, bus });
  const hostingRepo = hostingRepository(db);
  const participantsRepo = participantsRepository(db);
  const eventConversation = eventConversationService({
    repo: eventConversationRepository(db),
    access: visibility,
    findEvent: eventsRepo.findEvent,
    statusOf: async (eventId, userId) => (await participantsRepo.findParticipant(eventId, userId))?.status ?? null,
    goingIds: async (eventId) => (await eventsRepo.participantsWithStatus(eventId, ["going"])).map((p) => p.user.id),
    cohostIds: hostingRepo.cohostIdsOf,
    send: chat.send,
  });

  // Links (the Google redirect URI, e-mailed links) come from PUBLIC_ORIGIN (the demo's listening address
  // without it), never from a Host or X-Forwarded-Host header, which is the sender's to choose.
  const origin = publicOrigin(config);

  // People to meet at an event and their meetings: reads go through visibility, notices through notifications.
  const matching = matchingService({
    repo: matchingRepository(db),
    visibility,
    notifications,
    users: repositories.users,
    statusOf: async (eventId, userId) => (await participantsRepo.findParticipant(eventId, userId))?.status ?? null,
    freeRanges,
    now: deps.now,
  });
  const hosting = hostingService({
    repo: hostingRepo,
    users: repositories.users,
    access: visibility,
    notifications,
    // Tickets are signed with a key made once per installation and kept beside the other server keys.
    ticketSecret: () => ticketSecret(repositories.delivery),
    checkIn: participantsRepo.checkIn,
    claimDoorCode: participantsRepo.claimDoorCode,
    postToConversation: eventConversation.postHostUpdate,
    now: deps.now,
  });
  const events = eventsService({
    repo: eventsRepo,
    users: repositories.users,
    groups: repositories.groups,
    uploads,
    notifications,
    visibility,
    hosting,
    published: follows.eventPublished,
    interact: feedRepo.upsertInteraction,
    conversationHosts: (groupId) => eventConversation.hostsOf(groupId),
    findParticipant: participantsRepo.findParticipant,
  });
  const participants = participantsService({
    repo: participantsRepo,
    findEvent: eventsRepo.findEvent,
    users: repositories.users,
    notifications,
    visibility,
    hosting,
    leaveEventConversation,
    now: deps.now,
  });
  const polls = pollsService({
    repo: pollsRepo,
    groups: repositories.groups,
    notifications,
    createEvent: (userId, plan) => events.create(userId, plan),
    findEvent: (eventId) => eventsRepo.findEvent(eventId),
    moveEvent: (eventId, to) => eventsRepo.updateEvent(eventId, to),
    findUser: (userId) => repositories.users.findById(userId),
    goTo: (userId, eventId, at) => participants.participate(userId, eventId, "going", {}, at),
    postCard: (userId, groupId, message, referenceData) => chat.postCard(userId, groupId, message, referenceData),
    bus,
    now: deps.now,
  });
  const pollWorker = createPollWorker({
    service: polls,
    log: { warn: (obj, msg) => log.warn(obj, msg) },
    now: deps.now,
  });

  // Push and e-mail, as each person chose: every notice (reminders, event updates, meetings) and chat reach them here.
  const delivery = deliveryService({
    repo: repositories.delivery,
    notifications,
    users: repositories.users,
    enqueueMail: (message) => outbox.enqueue(message),
    config,
    bus,
    log,
    fcmApiBase: deps.fcmApiBase,
  });
  const deliveryWorker = createDeliveryWorker({
    delivery,
    bus,
    log,
    chat: {
      groups: repositories.groups,
      blocks,
      notifications,
      mutedIds: eventConversation.mutedIds,
      conversationEventOf: eventConversation.eventOf,
    },
  });

  return {
    repositories,
    rateLimits,
    hosting,
    outbox,
    // Started on ready and stopped on close, all in one place (workers.ts).
    workers: {
      outbox: outboxWorker,
      polls: pollWorker,
      delivery: deliveryWorker,
      emailDigest: createEmailDigestWorker({ delivery, log }),
      reminders: reminderWorker,
      meetingReminders: createMeetingReminderWorker({ service: matching, log, everyMs: config.REMINDER_POLL_MS }),
      // A waitlisted person's hour to confirm an offered seat.
      seatOffers: seatOfferWorker({ release: () => participants.releaseExpiredOffers(), log }),
      sessions: sessionSweeper({ repo: repositories.auth, bus, log }),
      feedCells: feedCellsOnBus,
      accountTokens: accountTokenPrune({ repo: repositories.account, log }),
    },
    // Who may see what: the rules every read path asks (the visibility module's).
    visibility,
    blocks,
    notifications,
    uploads,
    groups,
    google: googleService({
      accounts: repositories.auth,
      linkGoogleSubject: repositories.users.linkGoogleSubject,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri: new URL("/api/auth/google/callback", origin).href,
    }),
    auth,
    account: accountService({
      repo: repositories.account,
      users: repositories.users,
      notifications,
      revokeSessions: auth.revokeSessions,
      enqueueEmail: outbox.enqueue,
      linkOrigin: origin,
      keys: repositories.delivery,
      releaseSeats: participants.releaseAll,
      groupIdsOf,
      accessEnded: visibility.accessEnded,
      cancelMeetings: matching.cancelMeetingsOf,
    }),
    availability,
    calendar: calendarService({
      repo: calendarRepository(db),
      notifications,
      meetingsOf: matching.acceptedMeetingsOf,
    }),
    chat,
    eventConversation,
    events,
    feed: discoverService({
      repo: feedRepo,
      cells: feedCells,
      findEvent: eventsRepo.findEvent,
      releaseAnswer: async (eventId, userId) =>
        (await participants.release(eventId, userId, ["going", "declined"])).removed !== null,
    }),
    follows,
    friends: friendsService({
      repo: friendsRepo,
      users: repositories.users,
      notifications,
      blocks,
      enqueueEmail: outbox.enqueue,
      linkOrigin: origin,
    }),
    health: healthService({ database: deps.database, bus }),
    invites: invitesService({
      repo: invitesRepository(db),
      groups: repositories.groups,
      users: repositories.users,
      blocks,
    }),
    nearby: nearbyService({ repo: repositories.nearby }),
    participants,
    matching,
    polls,
    delivery,
    places: placesService({ geocoder }),
    publicPages: publicPagesService({
      repo: publicPagesRepository(db),
      isFollowing: async (viewerId, userId) => (await follows.state(viewerId, userId)).following,
      now: deps.now,
    }),
    roles: rolesService({
      repo: rolesRepository(db),
      users: repositories.users,
      adminUsernames: config.ADMIN_USERNAMES ?? [],
    }),
    safety: safetyService({
      repo: repositories.safety,
      users: repositories.users,
      findEvent: eventsRepo.findEvent,
      isGroupMember: repositories.groups.isMember,
      keys: repositories.delivery,
      endFollowsAcrossBlock: endFollowsBetween,
      endFriendship: friendsRepo.endBetween,
      releaseAcrossBlock: participants.releaseAcrossBlock,
      eventsAcrossBlock: participants.eventsAcrossBlock,
      cancelMeetingsAcrossBlock: matching.cancelAcrossBlock,
      setEventHidden: async (id, hidden) =>
        Boolean(await eventsRepo.updateEvent(id, { hiddenAt: hidden ? new Date() : null })),
      setMessageHidden: async (id, hidden) => Boolean(await chatRepo.setHidden(id, hidden)),
      setSuspendedFlag: async (id, suspended) =>
        Boolean(await repositories.users.update(id, { suspendedAt: suspended ? new Date() : null })),
      endSessionsOf: auth.endSessionsOf,
      groupIdsOf,
      accessEnded: visibility.accessEnded,
    }),
    users: usersService({ repo: repositories.users, blocks, profileChanged: matching.profileChanged }),
    earlyAccess: earlyAccessService({ repo: repositories.earlyAccess }),
  };
}
export type Services = ReturnType<typeof composeServices>;

/** What every route plugin receives: the process's deps and the services built once above. */
export interface RouteDeps extends AppDeps {
  services: Services;
}
