import { HttpError } from "../../http/http-error";
import { createEvent as createIcsEvent } from "ics";
import { CATEGORIES, type CategoryId } from "../../../contract/categories";
import {
  type CreateEventBody,
  type CreateGroupEventBody,
  EVENT_TEXTS,
  type Event,
  type EventDetail,
  type FeedItem,
  type FeedQuery,
  type MyEvent,
  type ParticipantStatus,
  type UpdateEventBody,
  type UserSummary,
} from "../../../contract/events";
import { AVATAR_STACK_MAX, DEFAULT_MAX_ATTENDEES } from "../../../contract/limits";
import { formatDistance } from "../../../contract/geo";
import type { Db } from "../../db/client";
import type { Bus } from "../../realtime/bus";
import { type NewNotification, notify, notifyAll } from "../notifications/notify";
import { uploadsRepository } from "../uploads/repository";
import { uploadsService } from "../uploads/service";
import type { EventQueries, EventRow, EventsRepository, FeedCursor, FeedRow, UserRow } from "./repository";

/** A rule broken: the status the client gets and a message it can show. Fastify's handler reads statusCode. */
const notFound = () => new HttpError(404, "Event not found");
const hostOnly = () => new HttpError(403, "Only the host can do this");

export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
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
  };
}

export function toSummary(row: Pick<UserRow, "id" | "fullName" | "username" | "profileImage">): UserSummary {
  return { id: row.id, fullName: row.fullName, username: row.username, profileImage: row.profileImage };
}

/** The cursor travels as [afterUs, afterId, endUs, endId, score, us, id]; nulls where a part is not set. */
const encodeCursor = (c: FeedCursor) =>
  Buffer.from(
    JSON.stringify([c.after?.us ?? null, c.after?.id ?? null, c.end?.us ?? null, c.end?.id ?? null, c.last?.score ?? null, c.last?.us ?? null, c.last?.id ?? null]),
  ).toString("base64url");
function decodeCursor(raw: string): FeedCursor {
  try {
    const parts = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(parts) && parts.length === 7 && parts.every((p) => p === null || Number.isSafeInteger(p))) {
      const [afterUs, afterId, endUs, endId, score, us, id] = parts as Array<number | null>;
      const mark = (a: number | null, b: number | null) => (a != null && b != null ? { us: a, id: b } : null);
      const last = score != null && us != null && id != null ? { score, us, id } : null;
      const end = mark(endUs, endId);
      // A ranked position only means something inside a known window.
      if (!last || end) return { after: mark(afterUs, afterId), end, last };
    }
  } catch {
    // fall through to the 400 below
  }
  throw new HttpError(400, "cursor: invalid cursor");
}

/** Windows one request may open to fill a page (a rare category can be sparse in the soonest events). */
const WINDOWS_PER_REQUEST = 4;

function coordinates(latitude: string | undefined, longitude: string | undefined) {
  const lat = latitude ? Number(latitude) : null;
  const lng = longitude ? Number(longitude) : null;
  return { lat: Number.isFinite(lat) ? lat : null, lng: Number.isFinite(lng) ? lng : null };
}

/** "YYYY-MM-DD" of an instant in a time zone; availability dates are local days. */
function localDate(instant: Date, timeZone: string) {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}
function validTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz;
  } catch {
    return "UTC";
  }
}

export function friendsGoingText(n: number) {
  return n === 1 ? "1 friend going" : `${n} friends going`;
}

export function eventsService(repo: EventsRepository, deps: { db: Db; bus: Bus }) {
  const tell = (userId: number, n: NewNotification) => notify(deps, userId, n);
  // Issue 9.18: a cover is a photo its host uploaded to Link.
  const images = uploadsService(uploadsRepository(deps.db));

  async function requireEvent(id: number) {
    const event = await repo.findEvent(id);
    if (!event) throw notFound();
    return event;
  }
  async function requireVisible(id: number, viewerId: number) {
    const event = await requireEvent(id);
    if (event.groupId != null && event.hostId !== viewerId && !(await repo.isGroupMember(event.groupId, viewerId))) {
      throw new HttpError(403, "Only members of this group can see this event");
    }
    return event;
  }
  async function requireHosted(id: number, userId: number) {
    const event = await requireEvent(id);
    if (event.hostId !== userId) throw hostOnly();
    return event;
  }

  /**
   * Moves one participant to a status inside a transaction: the going count, the cap and the
   * waitlist promotion change together. Returns who got promoted, for notifying after commit.
   */
  async function transition(eventId: number, userId: number, wanted: ParticipantStatus, tx: EventQueries) {
    const existing = await tx.findParticipantForUpdate(eventId, userId);
    if (existing?.status === wanted) return { row: existing, changed: false, promoted: null as number | null };
    let status = wanted;
    if (wanted === "going" && !(await tx.tryIncrementGoing(eventId))) throw new HttpError(409, EVENT_TEXTS.full);
    // The waitlist is only for a full event; with room left the joiner simply goes.
    if (wanted === "waitlisted" && (await tx.tryIncrementGoing(eventId))) status = "going";
    if (existing?.status === "going" && status !== "going") await tx.decrementGoing(eventId);
    const row = await tx.upsertParticipant(eventId, userId, status);
    let promoted: number | null = null;
    if (existing?.status === "going" && status !== "going") {
      const next = await tx.firstWaitlisted(eventId);
      if (next && (await tx.tryIncrementGoing(eventId))) {
        await tx.upsertParticipant(eventId, next.userId, "going");
        promoted = next.userId;
      }
    }
    return { row, changed: true, promoted };
  }

  async function tellPromoted(event: EventRow, userId: number | null) {
    if (userId == null) return;
    await tell(userId, {
      type: "participant_update",
      title: "You're off the waitlist",
      message: `A spot opened up: you're going to ${event.title}`,
      actionUrl: `/events/${event.id}`,
    });
  }

  async function withPeople(rows: EventRow[]) {
    const hostIds = [...new Set(rows.map((r) => r.hostId))];
    const [hosts, preview] = await Promise.all([
      repo.findUsers(hostIds),
      repo.attendeePreview(
        rows.map((r) => r.id),
        AVATAR_STACK_MAX,
      ),
    ]);
    const hostById = new Map(hosts.map((h) => [h.id, toSummary(h)]));
    const attendees = new Map<number, UserSummary[]>();
    for (const p of preview) {
      const list = attendees.get(p.event_id) ?? [];
      list.push({ id: p.id, fullName: p.full_name, username: p.username, profileImage: p.profile_image });
      attendees.set(p.event_id, list);
    }
    return { host: (r: EventRow) => hostById.get(r.hostId) ?? null, attendees: (r: EventRow) => attendees.get(r.id) ?? [] };
  }

  return {
    async create(userId: number, body: CreateEventBody | CreateGroupEventBody): Promise<Event> {
      if ("groupId" in body) {
        if (!(await repo.isGroupMember(body.groupId, userId))) {
          throw new HttpError(403, "Only members of this group can plan its events");
        }
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
          }),
        );
      }
      if (body.hostId !== userId) throw new HttpError(403, "You can only create events as yourself");
      await images.assertOwnImage(userId, body.imageUrl, "The cover");
      const networking = body.type === "networking";
      const { lat, lng } = coordinates(body.latitude, body.longitude);
      const category = networking ? (body.category ?? "tech") : null;
      const tags = (body.tags ?? (category ? [category] : [])).map((t) => t.toLowerCase());
      return toEvent(
        await repo.insertEvent({
          title: body.title,
          description: body.description,
          date: new Date(body.date),
          location: body.location,
          latitude: body.latitude ?? "",
          longitude: body.longitude ?? "",
          lat,
          lng,
          imageUrl: body.imageUrl ?? null,
          type: body.type,
          // Spec 02 §3: friendGroupId is social only; category and the cap are networking's.
          friendGroupId: networking ? null : (body.friendGroupId ?? "all"),
          category,
          maxAttendees: networking ? (body.maxAttendees === undefined ? DEFAULT_MAX_ATTENDEES : body.maxAttendees) : (body.maxAttendees ?? null),
          tags,
          hostId: userId,
        }),
      );
    },

    async feed(userId: number, query: FeedQuery, now = new Date()) {
      const user = await repo.findUser(userId);
      if (!user) throw new HttpError(404, "User not found");
      const timezone = validTimeZone(user.timezone);
      const [friendIds, free] = await Promise.all([
        repo.friendIds(userId),
        repo.availabilityFrom(userId, localDate(new Date(now.getTime() - 86_400_000), timezone)),
      ]);
      const position =
        query.lat != null && query.lng != null ? { lat: query.lat, lng: query.lng, radiusKm: query.radius } : undefined;
      const criteria = { userId, type: query.type, q: query.q || undefined, position, now };
      const inputs = {
        interests: [...new Set([...user.interests, ...user.skills].map((t) => t.toLowerCase()))],
        friendIds,
        freeSlots: free.flatMap((a) => (Array.isArray(a.timeslots) ? a.timeslots : []).map((slot) => `${a.date}|${slot}`)),
        timezone,
      };
      const filter: CategoryId = query.filter ?? "all";
      // The deck ranks inside a window of the soonest candidates (FEED_WINDOW); when a window runs out the
      // page continues in the next one, so every event stays reachable by paging.
      let cursor: FeedCursor | null = query.cursor ? decodeCursor(query.cursor) : null;
      const ranked: FeedRow[] = [];
      const counts: Record<string, number> = {};
      let nextCursor: string | null = null;
      for (let opened = 0; opened < WINDOWS_PER_REQUEST; opened++) {
        const want = query.limit - ranked.length;
        const win = await repo.feedWindowPage(criteria, inputs, filter, want + 1, cursor);
        // The chips count every window this page drew from, so they match what the deck can show.
        for (const [id, n] of Object.entries(win.counts)) counts[id] = (counts[id] ?? 0) + Number(n);
        ranked.push(...win.rows.slice(0, want));
        const last = ranked.at(-1);
        if (win.rows.length > want && last && win.end) {
          nextCursor = encodeCursor({ after: cursor?.after ?? null, end: cursor?.end ?? win.end, last: { score: last.score, us: last.date_us, id: last.id } });
          break;
        }
        // This window is used up. More events may lie after it when it was full, or when its range came
        // from the cursor (answers since then thin a window out without moving its end).
        const windowEnd = cursor?.end ?? win.end;
        if (!windowEnd || (cursor?.end == null && !win.more)) break;
        cursor = { after: windowEnd, end: null, last: null };
        if (ranked.length >= query.limit) {
          nextCursor = encodeCursor(cursor);
          break;
        }
        if (opened === WINDOWS_PER_REQUEST - 1) nextCursor = encodeCursor(cursor);
      }
      const rows = await repo.findEventsByIds(ranked.map((r) => r.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const people = await withPeople(rows);
      const events: FeedItem[] = ranked.flatMap((r) => {
        const row = byId.get(r.id);
        if (!row) return [];
        const distanceKm = r.distance_km == null ? null : Math.round(Number(r.distance_km) * 10) / 10;
        const reasons: Array<[number, string]> = [];
        if (r.tag_overlap > 0 && r.matched_tag) reasons.push([r.tag_overlap * 30, `Matches your interest: ${r.matched_tag.toLowerCase()}`]);
        if (r.friends_going > 0) reasons.push([r.friends_going * 20, friendsGoingText(r.friends_going)]);
        if (r.fits) reasons.push([25, "Fits your availability"]);
        if (distanceKm != null && distanceKm <= 5) reasons.push([5, `${formatDistance(distanceKm)} away`]);
        return [
          {
            ...toEvent(row),
            host: people.host(row),
            attendees: people.attendees(row),
            attendeeCount: row.goingCount,
            friendsGoing: r.friends_going,
            distanceKm,
            score: r.score,
            reasons: reasons
              .sort((a, b) => b[0] - a[0])
              .slice(0, 2)
              .map(([, text]) => text),
          },
        ];
      });
      const allCounts: Record<string, number> = {};
      for (const c of CATEGORIES) allCounts[c.id] = counts[c.id] ?? 0;
      return { events, nextCursor, counts: allCounts };
    },

    async interact(userId: number, eventId: number, action: "passed" | "liked") {
      await requireVisible(eventId, userId);
      const row = await repo.upsertInteraction(eventId, userId, action);
      return { eventId: row.eventId, userId: row.userId, action: row.action };
    },

    async participate(userId: number, eventId: number, status: ParticipantStatus, now = new Date()) {
      const event = await requireVisible(eventId, userId);
      if (event.hostId === userId) throw new HttpError(409, "You are hosting this event");
      if (event.canceledAt) throw new HttpError(409, "This event was canceled");
      if (event.date.getTime() < now.getTime()) throw new HttpError(409, "This event has already taken place");
      // Networking events are joined through the host's approval, never directly.
      if (event.type === "networking" && status === "going") {
        const current = await repo.findParticipantForUpdate(eventId, userId);
        if (current?.status !== "going") throw new HttpError(403, "The host must approve your request to join");
      }
      const result = await repo.transaction((tx) => transition(eventId, userId, status, tx));
      if (result.changed && status !== "declined") {
        const user = await repo.findUser(userId);
        const name = user?.fullName ?? "Someone";
        const finalStatus = result.row.status as ParticipantStatus;
        const message =
          finalStatus === "going"
            ? `${name} is going to ${event.title}`
            : finalStatus === "waitlisted"
              ? `${name} joined the waitlist for ${event.title}`
              : `${name} asked to join ${event.title}`;
        await tell(event.hostId, { type: "new_participant", title: "New participant", message, actionUrl: `/events/${event.id}` });
      }
      await tellPromoted(event, result.promoted);
      return { eventId: result.row.eventId, userId: result.row.userId, status: result.row.status as ParticipantStatus };
    },

    async participants(eventIds: number[]) {
      const rows = await repo.participantsOf(eventIds);
      return rows.map((r) => ({ eventId: r.eventId, userId: r.userId, status: r.status as ParticipantStatus }));
    },

    async users(ids: number[] | undefined, cursor: number, limit: number) {
      return ids ? repo.findUsers(ids) : repo.listUsers(cursor, limit);
    },

    async requests(hostId: number, eventId: number) {
      await requireHosted(eventId, hostId);
      const rows = await repo.participantsWithStatus(eventId, ["pending"]);
      return rows.map((r) => ({ eventId, user: toSummary(r.user), requestedAt: r.createdAt.toISOString() }));
    },

    async decide(hostId: number, eventId: number, userId: number, decision: "approve" | "decline") {
      const event = await requireHosted(eventId, hostId);
      const result = await repo.transaction(async (tx) => {
        const current = await tx.findParticipantForUpdate(eventId, userId);
        if (current?.status !== "pending") throw new HttpError(404, "No pending request from this user");
        return transition(eventId, userId, decision === "approve" ? "going" : "declined", tx);
      });
      await tell(userId, {
        type: "participant_update",
        title: decision === "approve" ? "Request approved" : "Request declined",
        message:
          decision === "approve" ? `You're going to ${event.title}` : `Your request to join ${event.title} was declined`,
        actionUrl: `/events/${event.id}`,
      });
      return { eventId, userId, status: result.row.status as ParticipantStatus };
    },

    async detail(viewerId: number, eventId: number): Promise<EventDetail> {
      const event = await requireVisible(eventId, viewerId);
      const [host, going, mine] = await Promise.all([
        repo.findUser(event.hostId),
        repo.participantsWithStatus(eventId, ["going"]),
        repo.findParticipantForUpdate(eventId, viewerId),
      ]);
      const viewerStatus = (mine?.status as ParticipantStatus | undefined) ?? null;
      return {
        ...toEvent(event),
        host: host ? toSummary(host) : null,
        attendees: going.slice(0, 50).map((g) => toSummary(g.user)),
        attendeeCount: event.goingCount,
        viewerStatus,
        waitlistPosition: viewerStatus === "waitlisted" ? await repo.waitlistPosition(eventId, viewerId) : null,
        isHost: event.hostId === viewerId,
      };
    },

    async update(hostId: number, eventId: number, body: UpdateEventBody) {
      const event = await requireHosted(eventId, hostId);
      if (event.canceledAt) throw new HttpError(409, "This event was canceled");
      await images.assertOwnImage(hostId, body.imageUrl, "The cover");
      if (body.maxAttendees != null && body.maxAttendees < event.goingCount) {
        throw new HttpError(409, "Maximum attendees cannot be below the number of people going");
      }
      const { lat, lng } = coordinates(body.latitude ?? event.latitude, body.longitude ?? event.longitude);
      const values = {
        ...body,
        date: body.date ? new Date(body.date) : undefined,
        tags: body.tags?.map((t) => t.toLowerCase()),
        ...(body.latitude !== undefined || body.longitude !== undefined ? { lat, lng } : {}),
      };
      const updated = await repo.updateEvent(eventId, values);
      const going = await repo.participantsWithStatus(eventId, ["going"]);
      await notifyAll(
        deps,
        going.map((g) => g.user.id),
        { type: "event_update", title: "Event updated", message: `${updated.title} has been updated`, actionUrl: `/events/${eventId}` },
      );
      return toEvent(updated);
    },

    async cancel(hostId: number, eventId: number) {
      const event = await requireHosted(eventId, hostId);
      if (event.canceledAt) return toEvent(event);
      const updated = await repo.updateEvent(eventId, { canceledAt: new Date() });
      const people = await repo.participantsWithStatus(eventId, ["going", "pending", "waitlisted"]);
      await notifyAll(
        deps,
        people.map((p) => p.user.id),
        { type: "event_canceled", title: "Event canceled", message: `${event.title} has been canceled`, actionUrl: `/events/${eventId}` },
      );
      return toEvent(updated);
    },

    async calendar(viewerId: number, eventId: number, origin: string) {
      const event = await requireVisible(eventId, viewerId);
      const start = event.date;
      const { error, value } = createIcsEvent({
        uid: `event-${event.id}@link`,
        title: event.title,
        description: event.description,
        location: event.location || undefined,
        start: start.getTime(),
        startInputType: "utc",
        startOutputType: "utc",
        duration: { hours: 2 },
        url: `${origin}/events/${event.id}`,
        status: event.canceledAt ? "CANCELLED" : "CONFIRMED",
        ...(event.lat != null && event.lng != null ? { geo: { lat: event.lat, lon: event.lng } } : {}),
      });
      if (error || !value) throw new HttpError(400, "Could not export this event");
      return { ics: value, filename: `event-${event.id}.ics` };
    },

    async userEvents(userId: number): Promise<MyEvent[]> {
      const [hosted, attended] = await Promise.all([
        repo.hostedBy(userId),
        repo.attendedBy(userId, ["going", "pending", "waitlisted"]),
      ]);
      const list: MyEvent[] = [
        ...hosted.map((e) => ({ ...toEvent(e), role: "host" as const, status: null })),
        ...attended.map((a) => ({ ...toEvent(a.event), role: "participant" as const, status: a.status as ParticipantStatus })),
      ];
      return list.sort((a, b) => a.date.localeCompare(b.date));
    },

    async userEventsByStatus(userId: number, status: ParticipantStatus | undefined): Promise<MyEvent[]> {
      const attended = await repo.attendedBy(userId, status ? [status] : ["going", "pending", "waitlisted", "declined"]);
      return attended.map((a) => ({ ...toEvent(a.event), role: "participant" as const, status: a.status as ParticipantStatus }));
    },
  };
}
export type EventsService = ReturnType<typeof eventsService>;
