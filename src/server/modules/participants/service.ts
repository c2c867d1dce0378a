import { API_TEXTS } from "#contract/api-texts";
import { EVENT_NOTICES } from "#contract/event-notices";
import { EVENT_TEXTS, type ParticipantStatus } from "#contract/events";
import type { KeysetPosition } from "#contract/fields";
import { type Answers, HOSTING_TEXTS, SEAT_CONFIRM_MS } from "#contract/hosting";
import { messageKey } from "#contract/i18n/texts";
import type { BlockEvents } from "#contract/safety";
import { HttpError } from "#server/http/http-error";
import type { EventRow } from "../events";
import { checkResponse, type HostingService } from "../hosting";
import type { NewNotification, NotificationsService } from "../notifications";
import type { VisibilityService } from "../visibility";
import type { ParticipantQueries, ParticipantsRepository, Tx } from "./repository";

interface Transition {
  row: { eventId: number; userId: number; status: ParticipantStatus };
  changed: boolean;
  /** The waitlisted people who got the seats this change freed, to be told after commit. */
  promoted: number[];
}

/** What a release took away (the row as it was) and who moved up into the seats it freed. */
export interface Release {
  removed: { status: ParticipantStatus; guests: number } | null;
  promoted: number[];
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
  leaveEventConversation,
  now = () => new Date(),
}: {
  repo: ParticipantsRepository;
  /** The events module's read of an event. */
  findEvent: (eventId: number) => Promise<EventRow | undefined>;
  /** The users module's: a new participant's name, for the hosts' notice. */
  users: { findById(id: number): Promise<{ fullName: string } | undefined> };
  notifications: NotificationsService;
  /** Who may see what: the event rules, and blocks between people. */
  visibility: VisibilityService;
  /** Co-hosts see and decide applications too, and hear of new participants. */
  hosting: Pick<HostingService, "isCohost" | "cohostIdsOf">;
  /** The event-conversation module's: a guest who stops going leaves the conversation, in the same transaction. */
  leaveEventConversation: (tx: Tx, event: { id: number; hostId: number }, userId: number) => Promise<void>;
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
      return { row: existing, changed: false, promoted: [] };
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
        throw new HttpError(
          409,
          guests > 0 ? messageKey(HOSTING_TEXTS, "notEnoughSeats") : messageKey(EVENT_TEXTS, "full"),
        );
      status = "going";
    } else if (wanted === "waitlisted" && (await seat(need))) {
      // The waitlist is only for a full event; with room left the joiner simply goes.
      status = "going";
    } else if (held > 0) {
      await seat(-held);
    }
    const freed = held - (status === "going" ? need : 0) > 0;
    const row = await tx.upsertParticipant(eventId, userId, status, stored);
    if (existing?.status === "going" && status !== "going") await leaveEventConversation(tx.transaction, event, userId);
    const promoted = freed ? await fillFreedSeats(event, tx) : [];
    return { row, changed: true, promoted };
  }

  /**
   * Gives the seats free at a locked event to the waitlist, first come, first served: each person in line
   * moves up while they and their plus-ones fit, so one leaver's plus-one seat is not left empty while
   * others wait; the first who does not fit keeps their place and stops the line. With the host's
   * "confirm" mode each promoted person holds the seat for an hour. A past or canceled event seats nobody.
   */
  async function fillFreedSeats(event: EventRow, tx: ParticipantQueries): Promise<number[]> {
    if (event.canceledAt || event.date.getTime() <= now().getTime()) return [];
    const promoted: number[] = [];
    for (;;) {
      const next = await tx.firstWaitlisted(event.id);
      if (!next || !(await tx.tryIncrementGoing(event.id, 1 + next.guests))) return promoted;
      await tx.upsertParticipant(event.id, next.userId, "going");
      if (event.waitlistMode === "confirm") {
        await tx.offerSeat(event.id, next.userId, new Date(now().getTime() + SEAT_CONFIRM_MS));
      }
      promoted.push(next.userId);
    }
  }

  /**
   * Takes the person's row away (of `statuses` when given) under the event's lock: the seats it held are
   * given back and go to the waitlist as a leave's do. Every way a person stops taking part without
   * answering "not going" comes here: the deck's undo, a host's removal, a block, the account's deletion.
   */
  async function releaseLocked(eventId: number, userId: number, statuses?: ParticipantStatus[]): Promise<Release> {
    return repo.changeParticipation(eventId, async (tx, locked) => {
      const removed = await tx.deleteParticipant(eventId, userId, statuses);
      if (!removed) return { removed: null, promoted: [] };
      if (removed.status === "going") await leaveEventConversation(tx.transaction, locked, userId);
      const held = removed.status === "going" ? 1 + removed.guests : 0;
      if (held === 0) return { removed, promoted: [] };
      await tx.decrementGoing(eventId, held);
      return { removed, promoted: await fillFreedSeats(locked, tx) };
    });
  }

  async function tellPromoted(event: EventRow, userIds: number[]) {
    if (userIds.length === 0) return;
    await notifications.notifyAll(
      userIds,
      event.waitlistMode === "confirm" ? EVENT_NOTICES.seatOffered(event) : EVENT_NOTICES.offWaitlist(event),
    );
  }

  /**
   * A guest who stops going leaves the event's guests' conversation (the database takes the membership away
   * with the row): their open sockets are checked again at once, so nothing said after reaches them.
   */
  const leftConversation = (userId: number) => visibility.accessEnded({ people: [userId] });

  /** Releases and tells the people who moved up; the event as it is after the release. */
  async function release(eventId: number, userId: number, statuses?: ParticipantStatus[]) {
    const result = await releaseLocked(eventId, userId, statuses);
    if (result.removed?.status === "going") await leftConversation(userId);
    if (result.promoted.length > 0) {
      const event = await findEvent(eventId);
      if (event) await tellPromoted(event, result.promoted);
    }
    return result;
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
      if (event.hostId === userId) throw new HttpError(409, messageKey(API_TEXTS, "youAreHosting"));
      if (event.canceledAt) throw new HttpError(409, messageKey(API_TEXTS, "eventCanceled"));
      if (event.date.getTime() < now.getTime()) throw new HttpError(409, messageKey(API_TEXTS, "eventPast"));
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
          if (current?.status === "going") return { row: current, changed: false, promoted: [] } satisfies Transition;
          return transition(locked, userId, "pending", tx, given);
        }
        return transition(locked, userId, asked, tx, given);
      });
      const finalStatus = result.row.status;
      if (result.changed && finalStatus !== "going") await leftConversation(userId);
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
        throw new HttpError(404, messageKey(API_TEXTS, "noPendingRequest"));
      const result = await repo.changeParticipation(eventId, async (tx, locked) => {
        const current = await tx.findParticipant(eventId, userId);
        if (current?.status !== "pending") throw new HttpError(404, messageKey(API_TEXTS, "noPendingRequest"));
        return transition(locked, userId, decision === "approve" ? "going" : "declined", tx);
      });
      await tell(userId, { ...EVENT_NOTICES.requestDecided(event, decision === "approve"), fromUserId: hostId });
      return { eventId, userId, status: result.row.status };
    },

    /**
     * Takes the person out of the event (their row goes; only a row of `statuses` when given): their seats,
     * plus-ones included, go to the waitlist and the people who move up are told. Answers what was removed.
     */
    release,

    /**
     * Takes the person out of every event they have a row at, one event lock at a time (in id order), as
     * `release` does: before an account goes, so its seats are given back and the waiting move up.
     */
    async releaseAll(userId: number) {
      for (const eventId of await repo.eventIdsOf(userId)) await release(eventId, userId);
    },

    /**
     * A block makes the two as if gone to each other: each is taken out of the upcoming events the other hosts
     * (seats given back as a leave's are, the waiting moved up, and out of the guests' conversations as on
     * every leave). Someone else's event the other co-hosts is nobody's to take away: the blocker leaves it
     * only when they chose to (`keepEvents: false`), the one blocked never.
     * Nobody is told: a notice would reveal the block.
     */
    async releaseAcrossBlock(blockerId: number, blockedId: number, { keepEvents }: { keepEvents: boolean }) {
      for (const [guestId, hostId] of [
        [blockerId, blockedId],
        [blockedId, blockerId],
      ]) {
        for (const event of await repo.upcomingEventsWith(hostId, guestId, now(), "host")) {
          await release(event.id, guestId);
        }
      }
      if (keepEvents) return;
      for (const event of await repo.upcomingEventsWith(blockedId, blockerId, now(), "cohost")) {
        await release(event.id, blockerId);
      }
    },

    /** What blocking `otherId` would do to the blocker's upcoming answers (the block dialog names them). */
    async eventsAcrossBlock(blockerId: number, otherId: number): Promise<BlockEvents> {
      const at = now();
      const named = (rows: { id: number; title: string; date: Date }[]) =>
        rows.map((row) => ({ id: row.id, title: row.title, date: row.date.toISOString() }));
      return {
        leaving: named(await repo.upcomingEventsWith(otherId, blockerId, at, "host", { openOnly: true })),
        keepable: named(await repo.upcomingEventsWith(otherId, blockerId, at, "cohost", { openOnly: true })),
      };
    },

    /** The person offered a seat from the waitlist keeps it. */
    async confirmSeat(userId: number, eventId: number) {
      await requireVisible(eventId, userId);
      if (!(await repo.confirmSeat(eventId, userId, now())))
        throw new HttpError(404, messageKey(HOSTING_TEXTS, "noSeatOffer"));
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
        await leftConversation(offer.userId);
        const event = await findEvent(offer.eventId);
        if (!event) continue;
        await tell(offer.userId, EVENT_NOTICES.seatLapsed(event));
        await tellPromoted(event, result.promoted);
      }
      return released;
    },
  };
}
