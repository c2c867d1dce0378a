import { EVENT_NOTICES } from "../../../contract/event-notices";
import type {
  CreateEventBody,
  CreateGroupEventBody,
  Event,
  EventDetail,
  MyEvent,
  ParticipantStatus,
  UpdateEventBody,
  UserSummary,
} from "../../../contract/events";
import { DEFAULT_MAX_ATTENDEES } from "../../../contract/limits";
import { HttpError } from "../../http/http-error";
import type { Membership } from "../groups/repository";
import type { NotificationsService } from "../notifications/service";
import type { UploadsService } from "../uploads/service";
import type { UsersRepository } from "../users/repository";
import { calendarFile } from "./calendar";
import { eventAccess } from "./event-access";
import type { EventRow, EventsRepository, UserRow } from "./repository";

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

function coordinates(latitude: string | undefined, longitude: string | undefined) {
  const lat = latitude ? Number(latitude) : null;
  const lng = longitude ? Number(longitude) : null;
  return { lat: Number.isFinite(lat) ? lat : null, lng: Number.isFinite(lng) ? lng : null };
}

export function eventsService({
  repo,
  users,
  membership,
  uploads: images,
  notifications,
  published,
}: {
  repo: EventsRepository;
  users: UsersRepository;
  membership: Membership;
  /** Issue 9.18: a cover is a photo its host uploaded to Link. */
  uploads: UploadsService;
  notifications: NotificationsService;
  /** Told about each new event anyone may find (not group plans): its host's followers hear of it. */
  published?: (host: { id: number; fullName: string }, event: Event) => Promise<void>;
}) {
  const { requireVisible, requireHosted } = eventAccess({
    findEvent: repo.findEvent,
    isGroupMember: membership.isMember,
  });

  return {
    async create(userId: number, body: CreateEventBody | CreateGroupEventBody): Promise<Event> {
      if ("groupId" in body) {
        if (!(await membership.isMember(body.groupId, userId))) {
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
      const event = toEvent(
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
          maxAttendees: networking
            ? body.maxAttendees === undefined
              ? DEFAULT_MAX_ATTENDEES
              : body.maxAttendees
            : (body.maxAttendees ?? null),
          tags,
          hostId: userId,
        }),
      );
      const host = published ? await users.findById(userId) : undefined;
      if (published && host) await published(host, event);
      return event;
    },

    async interact(userId: number, eventId: number, action: "passed" | "liked") {
      await requireVisible(eventId, userId);
      const row = await repo.upsertInteraction(eventId, userId, action);
      return { eventId: row.eventId, userId: row.userId, action: row.action };
    },

    async detail(viewerId: number, eventId: number): Promise<EventDetail> {
      const event = await requireVisible(eventId, viewerId);
      const [host, going, mine] = await Promise.all([
        users.findById(event.hostId),
        repo.participantsWithStatus(eventId, ["going"]),
        repo.findParticipant(eventId, viewerId),
      ]);
      const viewerStatus = mine?.status ?? null;
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
      await notifications.notifyAll(
        going.map((g) => g.user.id),
        EVENT_NOTICES.updated(updated),
      );
      return toEvent(updated);
    },

    async cancel(hostId: number, eventId: number) {
      const event = await requireHosted(eventId, hostId);
      if (event.canceledAt) return toEvent(event);
      const updated = await repo.updateEvent(eventId, { canceledAt: new Date() });
      const people = await repo.participantsWithStatus(eventId, ["going", "pending", "waitlisted"]);
      await notifications.notifyAll(
        people.map((p) => p.user.id),
        EVENT_NOTICES.canceled(event),
      );
      return toEvent(updated);
    },

    async calendar(viewerId: number, eventId: number, origin: string | null) {
      return calendarFile(await requireVisible(eventId, viewerId), origin);
    },

    async userEvents(userId: number): Promise<MyEvent[]> {
      const [hosted, attended] = await Promise.all([
        repo.hostedBy(userId),
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
}
export type EventsService = ReturnType<typeof eventsService>;
