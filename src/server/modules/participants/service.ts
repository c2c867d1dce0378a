import { EVENT_NOTICES } from "../../../contract/event-notices";
import { EVENT_TEXTS, type ParticipantStatus } from "../../../contract/events";
import type { KeysetPosition } from "../../../contract/fields";
import { HttpError } from "../../http/http-error";
import { eventAccess } from "../events/event-access";
import type { Membership } from "../groups/repository";
import type { NewNotification, NotificationsService } from "../notifications/service";
import type { BlockReads } from "../safety";
import type { UsersRepository } from "../users/repository";
import type { EventRow, ParticipantQueries, ParticipantsRepository } from "./repository";

interface Transition {
  row: { eventId: number; userId: number; status: ParticipantStatus };
  changed: boolean;
  /** The waitlisted user who got the seat this change freed, to be told after commit. */
  promoted: number | null;
}

/**
 * Joining, leaving, the waitlist and host approval (spec 01 §4-5). Every change runs in
 * repo.changeParticipation, which holds the event's row lock: the cap, going_count and the
 * waitlist promotion change together, and one user's concurrent requests run one after another.
 */
export function participantsService({
  repo,
  users,
  membership,
  notifications,
  blocks,
}: {
  repo: ParticipantsRepository;
  users: UsersRepository;
  membership: Membership;
  notifications: NotificationsService;
  blocks: BlockReads;
}) {
  const tell = (userId: number, n: NewNotification) => notifications.notify(userId, n);

  const { requireVisible, requireHosted } = eventAccess({
    findEvent: repo.findEvent,
    isGroupMember: membership.isMember,
    isBlockedEitherWay: blocks.isBlockedEitherWay,
  });

  /** Moves one participant to a status; the caller holds the event's lock (changeParticipation). */
  async function transition(
    event: EventRow,
    userId: number,
    wanted: ParticipantStatus,
    tx: ParticipantQueries,
  ): Promise<Transition> {
    const eventId = event.id;
    const existing = await tx.findParticipant(eventId, userId);
    if (existing?.status === wanted) return { row: existing, changed: false, promoted: null };
    let status = wanted;
    if (wanted === "going" && !(await tx.tryIncrementGoing(eventId))) throw new HttpError(409, EVENT_TEXTS.full);
    // The waitlist is only for a full event; with room left the joiner simply goes.
    if (wanted === "waitlisted" && (await tx.tryIncrementGoing(eventId))) status = "going";
    const leftSeat = existing?.status === "going" && status !== "going";
    if (leftSeat) await tx.decrementGoing(eventId);
    const row = await tx.upsertParticipant(eventId, userId, status);
    let promoted: number | null = null;
    if (leftSeat) {
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
    await tell(userId, EVENT_NOTICES.offWaitlist(event));
  }

  return {
    async participate(userId: number, eventId: number, asked: ParticipantStatus, now = new Date()) {
      const event = await requireVisible(eventId, userId);
      if (event.hostId === userId) throw new HttpError(409, "You are hosting this event");
      if (event.canceledAt) throw new HttpError(409, "This event was canceled");
      if (event.date.getTime() < now.getTime()) throw new HttpError(409, "This event has already taken place");
      const result = await repo.changeParticipation(eventId, async (tx, locked) => {
        // Issue 9.1: a networking event is joined only through the host's approval. Whatever the
        // client asks for (going, waitlisted, pending) becomes a pending request; only leaving is direct.
        if (locked.type === "networking" && asked !== "declined") {
          const current = await tx.findParticipant(eventId, userId);
          if (current?.status === "going") return { row: current, changed: false, promoted: null } satisfies Transition;
          return transition(locked, userId, "pending", tx);
        }
        return transition(locked, userId, asked, tx);
      });
      const finalStatus = result.row.status;
      if (result.changed && finalStatus !== "declined") {
        const user = await users.findById(userId);
        await tell(event.hostId, {
          ...EVENT_NOTICES.newParticipant(event, user?.fullName ?? "Someone", finalStatus),
          fromUserId: userId,
        });
      }
      await tellPromoted(event, result.promoted);
      return { eventId: result.row.eventId, userId: result.row.userId, status: finalStatus };
    },

    async participants(viewerId: number, eventIds: number[]) {
      const rows = await repo.participantsOf(eventIds, viewerId);
      return rows.map((r) => ({ eventId: r.eventId, userId: r.userId, status: r.status }));
    },

    async requests(hostId: number, eventId: number, page: { take: number; after?: KeysetPosition }) {
      await requireHosted(eventId, hostId);
      const rows = await repo.pendingRequests(eventId, hostId, page);
      return rows.map((r) => ({
        eventId,
        user: {
          id: r.user.id,
          fullName: r.user.fullName,
          username: r.user.username,
          profileImage: r.user.profileImage,
        },
        requestedAt: r.createdAt.toISOString(),
      }));
    },

    async decide(hostId: number, eventId: number, userId: number, decision: "approve" | "decline") {
      const event = await requireHosted(eventId, hostId);
      if (await blocks.isBlockedEitherWay(hostId, userId))
        throw new HttpError(404, "No pending request from this user");
      const result = await repo.changeParticipation(eventId, async (tx, locked) => {
        const current = await tx.findParticipant(eventId, userId);
        if (current?.status !== "pending") throw new HttpError(404, "No pending request from this user");
        return transition(locked, userId, decision === "approve" ? "going" : "declined", tx);
      });
      await tell(userId, { ...EVENT_NOTICES.requestDecided(event, decision === "approve"), fromUserId: hostId });
      return { eventId, userId, status: result.row.status };
    },
  };
}
export type ParticipantsService = ReturnType<typeof participantsService>;
