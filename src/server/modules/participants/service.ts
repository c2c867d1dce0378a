import { EVENT_NOTICES } from "#contract/event-notices";
import { EVENT_TEXTS, type ParticipantStatus } from "#contract/events";
import type { KeysetPosition } from "#contract/fields";
import { type Answers, HOSTING_TEXTS, SEAT_CONFIRM_MS } from "#contract/hosting";
import { HttpError } from "#server/http/http-error";
import type { EventRow, EventsRepository } from "../events";
import { checkResponse, type HostingService } from "../hosting";
import type { NewNotification, NotificationsService } from "../notifications";
import type { UsersRepository } from "../users";
import type { VisibilityService } from "../visibility";
import type { ParticipantQueries, ParticipantsRepository } from "./repository";

interface Transition {
  row: { eventId: number; userId: number; status: ParticipantStatus };
  changed: boolean;
  /** The waitlisted user who got the seat this change freed, to be told after commit. */
  promoted: number | null;
}

/**
 * Joining, leaving, the waitlist and host approval. Every change runs in
 * repo.changeParticipation, which holds the event's row lock: the cap, going_count and the
 * waitlist promotion change together, and one user's concurrent requests run one after another.
 */
export function participantsService({
  repo,
  findEvent,
  users,
  notifications,
  visibility,
  hosting,
  now = () => new Date(),
}: {
  repo: ParticipantsRepository;
  /** The events module's read of an event. */
  findEvent: EventsRepository["findEvent"];
  users: UsersRepository;
  notifications: NotificationsService;
  /** Who may see what: the event rules, and blocks between people. */
  visibility: VisibilityService;
  /** Co-hosts see and decide applications too, and hear of new participants. */
  hosting: Pick<HostingService, "isCohost" | "cohostIdsOf">;
  /** The clock seat offers are timed by (tests move it). */
  now?: () => Date;
}) {
  const tell = (userId: number, n: NewNotification) => notifications.notify(userId, n);

  const { requireVisible, requireManaged } = visibility;

  /**
   * Moves one participant to a status; the caller holds the event's lock (changeParticipation). A going
   * row holds 1 + its plus-ones seats of going_count; `response` (answers, plus-ones) is stored with it.
   */
  async function transition(
    event: EventRow,
    userId: number,
    wanted: ParticipantStatus,
    tx: ParticipantQueries,
    response?: { answers?: Answers; guests?: number },
  ): Promise<Transition> {
    const eventId = event.id;
    const existing = await tx.findParticipant(eventId, userId);
    const guests = response?.guests ?? existing?.guests ?? 0;
    const stored =
      response && wanted !== "declined" ? { answers: response.answers ?? existing?.answers ?? {}, guests } : undefined;
    if (existing?.status === wanted && guests === existing.guests && response?.answers === undefined) {
      return { row: existing, changed: false, promoted: null };
    }
    const held = existing?.status === "going" ? 1 + existing.guests : 0;
    const need = 1 + (wanted === "declined" ? 0 : guests);
    const seat = async (delta: number) => {
      if (delta > 0) return tx.tryIncrementGoing(eventId, delta);
      if (delta < 0) await tx.decrementGoing(eventId, -delta);
      return true;
    };
    let status = wanted;
    if (wanted === "going" || (wanted === "waitlisted" && held > 0)) {
      if (!(await seat(need - held)))
        throw new HttpError(409, guests > 0 ? HOSTING_TEXTS.notEnoughSeats : EVENT_TEXTS.full);
      status = "going";
    } else if (wanted === "waitlisted" && (await seat(need))) {
      // The waitlist is only for a full event; with room left the joiner simply goes.
      status = "going";
    } else if (held > 0) {
      await seat(-held);
    }
    const freed = held - (status === "going" ? need : 0) > 0;
    const row = await tx.upsertParticipant(eventId, userId, status, stored);
    let promoted: number | null = null;
    if (freed) {
      // First come, first served: the first in line gets the seats if they (and their plus-ones) fit.
      const next = await tx.firstWaitlisted(eventId);
      if (next && (await tx.tryIncrementGoing(eventId, 1 + next.guests))) {
        await tx.upsertParticipant(eventId, next.userId, "going");
        // The host chose "confirm": the seat is theirs for an hour, then it goes to the next in line.
        if (event.waitlistMode === "confirm") {
          await tx.offerSeat(eventId, next.userId, new Date(now().getTime() + SEAT_CONFIRM_MS));
        }
        promoted = next.userId;
      }
    }
    return { row, changed: true, promoted };
  }
  async function tellPromoted(event: EventRow, userId: number | null) {
    if (userId == null) return;
    await tell(
      userId,
      event.waitlistMode === "confirm" ? EVENT_NOTICES.seatOffered(event) : EVENT_NOTICES.offWaitlist(event),
    );
  }

  return {
    async participate(
      userId: number,
      eventId: number,
      asked: ParticipantStatus,
      response: { answers?: Answers; guests?: number } = {},
      now = new Date(),
    ) {
      const event = await requireVisible(eventId, userId);
      if (event.hostId === userId) throw new HttpError(409, "You are hosting this event");
      if (event.canceledAt) throw new HttpError(409, "This event was canceled");
      if (event.date.getTime() < now.getTime()) throw new HttpError(409, "This event has already taken place");
      const given = response.answers !== undefined || response.guests !== undefined ? response : undefined;
      const result = await repo.changeParticipation(eventId, async (tx, locked) => {
        const mine = await tx.findParticipant(eventId, userId);
        checkResponse(locked, asked, {
          answers: given?.answers ?? mine?.answers,
          guests: given?.guests ?? mine?.guests,
        });
        // A networking event is joined only through the host's approval. Whatever the
        // client asks for (going, waitlisted, pending) becomes a pending request; only leaving is direct.
        if (locked.type === "networking" && asked !== "declined") {
          const current = await tx.findParticipant(eventId, userId);
          if (current?.status === "going") return { row: current, changed: false, promoted: null } satisfies Transition;
          return transition(locked, userId, "pending", tx, given);
        }
        return transition(locked, userId, asked, tx, given);
      });
      const finalStatus = result.row.status;
      if (result.changed && finalStatus !== "declined") {
        const user = await users.findById(userId);
        await notifications.notifyAll([event.hostId, ...(await hosting.cohostIdsOf(eventId))], {
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
      await requireManaged(eventId, hostId);
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
        answers: r.answers,
        guests: r.guests,
      }));
    },

    async decide(hostId: number, eventId: number, userId: number, decision: "approve" | "decline") {
      const event = await requireManaged(eventId, hostId);
      if (await visibility.isBlockedEitherWay(hostId, userId))
        throw new HttpError(404, "No pending request from this user");
      const result = await repo.changeParticipation(eventId, async (tx, locked) => {
        const current = await tx.findParticipant(eventId, userId);
        if (current?.status !== "pending") throw new HttpError(404, "No pending request from this user");
        return transition(locked, userId, decision === "approve" ? "going" : "declined", tx);
      });
      await tell(userId, { ...EVENT_NOTICES.requestDecided(event, decision === "approve"), fromUserId: hostId });
      return { eventId, userId, status: result.row.status };
    },

    /** The person offered a seat from the waitlist keeps it. */
    async confirmSeat(userId: number, eventId: number) {
      await requireVisible(eventId, userId);
      if (!(await repo.confirmSeat(eventId, userId, now()))) throw new HttpError(404, HOSTING_TEXTS.noSeatOffer);
      return { eventId, userId, status: "going" as const };
    },

    /**
     * Seats offered more than an hour ago and not confirmed: each goes to the next in line (who gets their own
     * hour). Under the event's lock, and only if the offer is still the same, so a confirm that just won keeps it.
     */
    async releaseExpiredOffers(limit = 50) {
      const at = now();
      let released = 0;
      for (const offer of await repo.expiredOffers(at, limit)) {
        const result = await repo.changeParticipation(offer.eventId, async (tx, locked) => {
          const row = await tx.findParticipant(offer.eventId, offer.userId);
          if (row?.status !== "going" || !row.confirmBy || row.confirmBy > at) return null;
          return transition(locked, offer.userId, "declined", tx);
        });
        if (!result) continue;
        released += 1;
        const event = await findEvent(offer.eventId);
        if (!event) continue;
        await tell(offer.userId, EVENT_NOTICES.seatLapsed(event));
        await tellPromoted(event, result.promoted);
      }
      return released;
    },
  };
}
