import { API_TEXTS } from "#contract/api-texts";
import { CONVERSATION_TEXTS } from "#contract/event-conversation";
import { EVENT_NOTICES } from "#contract/event-notices";
import { type EventPreview, PREVIEW_DESCRIPTION_MAX, PREVIEW_MORE_DATES_MAX } from "#contract/event-sharing";
import type {
  CreateEventBody,
  CreateGroupEventBody,
  Event,
  EventDetail,
  MyEvent,
  ParticipantStatus,
  UpdateEventBody,
  UserSummary,
} from "#contract/events";
import type { Language } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import { DEFAULT_MAX_ATTENDEES, DEFAULT_TIMEZONE } from "#contract/limits";
import { MEETING_SLOT_MINUTES_DEFAULT } from "#contract/matching-texts";
import { HttpError } from "#server/http/http-error";
import { calendarFile } from "../calendar";
import { type HostingService, hostingColumns, occurrenceDates, type SeriesScope } from "../hosting";
import type { NotificationsService } from "../notifications";
import { zoneAt } from "../places";
import type { UploadsService } from "../uploads";
import type { VisibilityService } from "../visibility";
import type { EventRow, EventsRepository, NewEventRow, UserRow } from "./repository";

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    timezone: row.timezone,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    placeArea: row.placeArea,
    imageUrl: row.imageUrl,
    type: row.type,
    category: row.category,
    friendGroupId: row.friendGroupId,
    hostId: row.hostId,
    maxAttendees: row.maxAttendees,
    goingCount: row.goingCount,
    tags: row.tags,
    groupId: row.groupId,
    groupEventType: row.groupEventType,
    canceledAt: row.canceledAt ? row.canceledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId,
    recurrence: row.recurrence,
    matchmaking: row.matchmaking,
    meetingSlotMinutes: row.meetingSlotMinutes,
    meetingSpots: row.meetingSpots,
  };
}

function toSummary(row: Pick<UserRow, "id" | "fullName" | "username" | "profileImage">): UserSummary {
  return { id: row.id, fullName: row.fullName, username: row.username, profileImage: row.profileImage };
}

function coordinates(latitude: string | undefined, longitude: string | undefined) {
  const lat = latitude ? Number(latitude) : null;
  const lng = longitude ? Number(longitude) : null;
  return { lat: Number.isFinite(lat) ? lat : null, lng: Number.isFinite(lng) ? lng : null };
}

export function eventsService({
  repo,
  users,
  groups,
  uploads: images,
  notifications,
  visibility,
  hosting,
  published,
  interact,
  conversationHosts,
  findParticipant,
}: {
  repo: EventsRepository;
  /** The users module's: a host's name for notices and zone for dates. */
  users: { findById(id: number): Promise<UserRow | undefined> };
  /** The groups module: a group's plan is planned and seen by its members. */
  groups: { isMember(groupId: number, userId: number): Promise<boolean> };
  /** A cover is a photo its host uploaded to Link. */
  uploads: UploadsService;
  notifications: NotificationsService;
  /** Who may see what: the event rules, and blocks between people. */
  visibility: VisibilityService;
  /** Co-hosts share the host's tools; questions, plus-ones and the guest list's visibility are hosting's. */
  hosting: Pick<
    HostingService,
    "isCohost" | "cohostIdsOf" | "detailFor" | "cohostedEventIds" | "cohostsFor" | "nameCohosts"
  >;
  /** Told about each new event anyone may find (not group plans): its host's followers hear of it. */
  published?: (host: { id: number; fullName: string }, event: Event) => Promise<void>;
  /** The hosts of the event whose guests' conversation the group is, null for an ordinary group (event-conversation's). */
  conversationHosts: (groupId: number) => Promise<number[] | null>;
  /** A person's answer to the event, as the participants module stores it (undefined: none). */
  findParticipant: (eventId: number, userId: number) => Promise<Parameters<HostingService["detailFor"]>[2]>;
  /** Stores a like or pass (the discover module's, which ranks by them). */
  interact: (
    eventId: number,
    userId: number,
    action: "passed" | "liked",
  ) => Promise<{
    eventId: number;
    userId: number;
    action: string;
  }>;
}) {
  const { requireVisible, requireHosted, requireManaged, requireAnnounceable } = visibility;

  /** An event's zone: its place's, else its host's (the zone the host typed the time in). */
  async function eventZone(hostId: number, lat: number | null, lng: number | null) {
    return zoneAt(lat, lng) ?? (await users.findById(hostId))?.timezone ?? DEFAULT_TIMEZONE;
  }
  /** A series' other upcoming dates that are public to the viewer too (a hidden date stays out), soonest first. */
  async function publicMoreDates(event: { id: number; seriesId: number | null }, viewerId: number | null) {
    if (event.seriesId == null) return [];
    const following = (await repo.followingOccurrences(event.seriesId, new Date())).filter((o) => o.id !== event.id);
    const dates: Array<{ id: number; date: string }> = [];
    for (const o of following) {
      if (dates.length === PREVIEW_MORE_DATES_MAX) break;
      const shown = await visibility.requirePublic(o.id, viewerId).then(
        () => true,
        () => false,
      );
      if (shown) dates.push({ id: o.id, date: o.date.toISOString() });
    }
    return dates;
  }
  /** Checks that `hostId` may make this change to the event and works out its columns; changes nothing. */
  async function planUpdate(
    hostId: number,
    eventId: number,
    { questions, maxGuestsPerPerson, checkInOpensHours, guestList, waitlistMode, ...body }: UpdateEventBody,
  ) {
    // A hidden event is silenced: its hosts may read it, but an edit would go out to its guests.
    const event = await requireAnnounceable(eventId, hostId);
    if (event.canceledAt) throw new HttpError(409, messageKey(API_TEXTS, "eventCanceled"));
    await images.assertOwnImage(hostId, body.imageUrl, messageKey(API_TEXTS, "coverNotUploaded"));
    if (body.maxAttendees != null && body.maxAttendees < event.goingCount) {
      throw new HttpError(409, messageKey(API_TEXTS, "maxBelowGoing"));
    }
    const { lat, lng } = coordinates(body.latitude ?? event.latitude, body.longitude ?? event.longitude);
    // The area is said only with the pin it qualifies (below).
    const { placeArea: _area, ...changes } = body;
    const values = {
      ...changes,
      date: body.date ? new Date(body.date) : undefined,
      tags: body.tags?.map((t) => t.toLowerCase()),
      ...(body.latitude !== undefined || body.longitude !== undefined
        ? {
            lat,
            lng,
            timezone: await eventZone(event.hostId, lat, lng),
            // A moved pin is exact unless the move says which town it stands in for.
            placeArea: lat != null && lng != null ? (body.placeArea ?? null) : null,
          }
        : {}),
      ...hostingColumns({ questions, maxGuestsPerPerson, checkInOpensHours, guestList, waitlistMode }),
    };
    return { id: eventId, values, before: event };
  }

  /** Stores every planned change in one transaction (all or none), then tells each event's guests. */
  async function applyUpdates(hostId: number, plans: Array<Awaited<ReturnType<typeof planUpdate>>>) {
    const updated = await repo.updateEvents(plans.map(({ id, values }) => ({ id, values })));
    const before = new Map(plans.map((plan) => [plan.id, plan.before]));
    for (const event of updated) {
      const going = await repo.participantsWithStatus(event.id, ["going"]);
      await notifications.notifyAll(
        going.map((g) => g.user.id),
        { ...EVENT_NOTICES.updated(before.get(event.id) ?? event, event), fromUserId: hostId },
      );
    }
    return updated.map(toEvent);
  }

  /** A one-off event, or (with a recurrence) its series: each occurrence at the same wall-clock time in the event's zone. */
  async function insertOneOrSeries(body: CreateEventBody, values: NewEventRow) {
    if (!body.recurrence) return repo.insertEvent(values);
    const dates = occurrenceDates(values.date, body.recurrence, values.timezone ?? DEFAULT_TIMEZONE);
    return repo.insertSeries(values, body.recurrence.frequency, dates);
  }

  const service = {
    /** A group plan arrives here from the polls module with its date settled (a poll's earliest option). */
    async create(
      userId: number,
      body: CreateEventBody | (Omit<CreateGroupEventBody, "options" | "decideBy"> & { date: string }),
    ): Promise<Event> {
      if ("groupId" in body) {
        if (!(await groups.isMember(body.groupId, userId))) {
          throw new HttpError(403, messageKey(API_TEXTS, "groupMembersPlan"));
        }
        // A guests' conversation belongs to its event: a plan there would reach every guest in the host's name.
        if (await conversationHosts(body.groupId)) throw new HttpError(403, messageKey(CONVERSATION_TEXTS, "noPlans"));
        return toEvent(
          await repo.insertEvent({
            title: body.title,
            description: body.description,
            date: new Date(body.date),
            location: body.location,
            type: "social",
            groupEventType: body.type,
            groupId: body.groupId,
            hostId: userId,
            timezone: await eventZone(userId, null, null),
          }),
        );
      }
      if (body.hostId !== userId) throw new HttpError(403, messageKey(API_TEXTS, "createAsYourself"));
      await images.assertOwnImage(userId, body.imageUrl, messageKey(API_TEXTS, "coverNotUploaded"));
      const cohostIds = body.cohostIds ?? [];
      if (cohostIds.length) await hosting.cohostsFor(userId, cohostIds);
      const networking = body.type === "networking";
      const { lat, lng } = coordinates(body.latitude, body.longitude);
      const category = networking ? (body.category ?? "tech") : null;
      const tags = (body.tags ?? (category ? [category] : [])).map((t) => t.toLowerCase());
      const row = await insertOneOrSeries(body, {
        title: body.title,
        description: body.description,
        date: new Date(body.date),
        location: body.location,
        latitude: body.latitude ?? "",
        longitude: body.longitude ?? "",
        lat,
        lng,
        // Only a pin can be approximate.
        placeArea: lat != null && lng != null ? (body.placeArea ?? null) : null,
        imageUrl: body.imageUrl ?? null,
        type: body.type,
        // FriendGroupId is social only; category and the cap are networking's.
        friendGroupId: networking ? null : (body.friendGroupId ?? "all"),
        category,
        maxAttendees: networking
          ? body.maxAttendees === undefined
            ? DEFAULT_MAX_ATTENDEES
            : body.maxAttendees
          : (body.maxAttendees ?? null),
        tags,
        hostId: userId,
        timezone: await eventZone(userId, lat, lng),
        ...hostingColumns(body),
        // Networking events are where people come to meet: matchmaking is on unless the host turns it off.
        matchmaking: body.matchmaking ?? networking,
        meetingSlotMinutes: body.meetingSlotMinutes ?? MEETING_SLOT_MINUTES_DEFAULT,
        ...(body.meetingSpots !== undefined ? { meetingSpots: body.meetingSpots } : {}),
      });
      if (cohostIds.length) {
        const dates = row.seriesId == null ? [row] : await repo.followingOccurrences(row.seriesId, row.date);
        await hosting.nameCohosts(
          row,
          dates.map((d) => d.id),
          cohostIds,
        );
      }
      const event = toEvent(row);
      const host = published ? await users.findById(userId) : undefined;
      if (published && host) await published(host, event);
      return event;
    },

    async interact(userId: number, eventId: number, action: "passed" | "liked") {
      await requireVisible(eventId, userId);
      const row = await interact(eventId, userId, action);
      return { eventId: row.eventId, userId: row.userId, action: row.action };
    },

    async detail(viewerId: number, eventId: number): Promise<EventDetail> {
      const event = await requireVisible(eventId, viewerId);
      const [host, going, mine] = await Promise.all([
        users.findById(event.hostId),
        // Whom the guest list shows this viewer, less anyone blocked either way (the count stays whole).
        repo.goingSeenBy(eventId, viewerId, 50),
        findParticipant(eventId, viewerId),
      ]);
      const viewerStatus = mine?.status ?? null;
      const { seesGuests, ...hostingDetail } = await hosting.detailFor(event, viewerId, mine);
      return {
        ...toEvent(event),
        ...hostingDetail,
        host: host ? toSummary(host) : null,
        attendees: seesGuests ? going.map((g) => ({ ...toSummary(g.user), guests: g.guests })) : [],
        attendeeCount: event.goingCount,
        guestListHidden: !seesGuests,
        viewerStatus,
        waitlistPosition: viewerStatus === "waitlisted" ? await repo.waitlistPosition(eventId, viewerId) : null,
        isHost: event.hostId === viewerId,
      };
    },

    /**
     * What anyone holding the event's link may see. Never a group's plan or a hidden event, and for a
     * signed-in viewer exactly what the event page's own rule lets them see.
     */
    async preview(eventId: number, viewerId: number | null): Promise<EventPreview> {
      const event = await visibility.requirePublic(eventId, viewerId);
      const host = await users.findById(event.hostId);
      return {
        recurrence: event.recurrence,
        moreDates: await publicMoreDates(event, viewerId),
        id: event.id,
        title: event.title,
        description: event.description.slice(0, PREVIEW_DESCRIPTION_MAX),
        date: event.date.toISOString(),
        timezone: event.timezone,
        location: event.location,
        pinned: event.lat != null && event.lng != null && event.placeArea == null,
        placeArea: event.placeArea,
        imageUrl: event.imageUrl,
        type: event.type,
        tags: event.tags,
        host: host ? { fullName: host.fullName, profileImage: host.profileImage } : null,
        goingCount: event.goingCount,
        maxAttendees: event.maxAttendees,
        canceled: event.canceledAt != null,
      };
    },

    update: async (hostId: number, eventId: number, body: UpdateEventBody) =>
      (await applyUpdates(hostId, [await planUpdate(hostId, eventId, body)]))[0],

    async cancel(hostId: number, eventId: number) {
      const event = await requireHosted(eventId, hostId);
      if (event.canceledAt) return toEvent(event);
      const updated = await repo.updateEvent(eventId, { canceledAt: new Date() });
      const people = await repo.participantsWithStatus(eventId, ["going", "pending", "waitlisted"]);
      await notifications.notifyAll(
        people.map((p) => p.user.id),
        { ...EVENT_NOTICES.canceled(event), fromUserId: hostId },
      );
      return toEvent(updated);
    },

    async calendar(viewerId: number, eventId: number, origin: string | null, language: Language = "en") {
      const event = await requireVisible(eventId, viewerId);
      return { ics: calendarFile([event], { origin, language }), filename: `event-${event.id}.ics` };
    },

    async userEvents(userId: number): Promise<MyEvent[]> {
      const [hosted, attended] = await Promise.all([
        repo.hostedBy(userId, await hosting.cohostedEventIds(userId)),
        repo.attendedBy(userId, ["going", "pending", "waitlisted"]),
      ]);
      const list: MyEvent[] = [
        ...hosted.map((e) => ({ ...toEvent(e), role: "host" as const, status: null })),
        ...attended.map((a) => ({
          ...toEvent(a.event),
          role: "participant" as const,
          status: a.status,
        })),
      ];
      return list.sort((a, b) => a.date.localeCompare(b.date));
    },

    async userEventsByStatus(userId: number, status: ParticipantStatus | undefined): Promise<MyEvent[]> {
      const attended = await repo.attendedBy(
        userId,
        status ? [status] : ["going", "pending", "waitlisted", "declined"],
      );
      return attended.map((a) => ({
        ...toEvent(a.event),
        role: "participant" as const,
        status: a.status,
      }));
    },
  };

  return {
    ...service,
    /**
     * PATCH with scope: this occurrence and its series' later ones, each moved by the same amount when the date
     * moves. All or nothing: every date's permission and limits are checked before any date changes.
     */
    async updateScoped(userId: number, eventId: number, body: UpdateEventBody, scope: SeriesScope) {
      const event = await requireManaged(eventId, userId);
      if (scope === "one" || event.seriesId == null) return service.update(userId, eventId, body);
      await images.assertOwnImage(userId, body.imageUrl, messageKey(API_TEXTS, "coverNotUploaded"));
      const shift = body.date ? Date.parse(body.date) - event.date.getTime() : 0;
      const plans = [];
      for (const occurrence of await repo.followingOccurrences(event.seriesId, event.date)) {
        const date = shift ? { date: new Date(occurrence.date.getTime() + shift).toISOString() } : {};
        plans.push(await planUpdate(userId, occurrence.id, { ...body, ...date }));
      }
      const updated = await applyUpdates(userId, plans);
      return updated.find((e) => e.id === eventId) ?? service.update(userId, eventId, body);
    },
    /** DELETE with scope: the host cancels this occurrence, or this one and its series' later ones. */
    async cancelScoped(userId: number, eventId: number, scope: SeriesScope) {
      const event = await requireHosted(eventId, userId);
      if (scope === "one" || event.seriesId == null) return service.cancel(userId, eventId);
      for (const occurrence of await repo.followingOccurrences(event.seriesId, event.date)) {
        if (occurrence.id !== eventId) await service.cancel(userId, occurrence.id);
      }
      return service.cancel(userId, eventId);
    },
  };
}
