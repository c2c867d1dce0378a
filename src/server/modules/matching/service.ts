import { API_TEXTS } from "#contract/api-texts";
import type { Language } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import type { Match, Matching, MatchingBody, Meeting, MeetingChangeBody, MeetingRequestBody } from "#contract/matching";
import {
  HOLDING_STATUSES,
  MATCHES_MAX,
  MATCHING_TEXTS,
  MEETING_REMINDER_MINUTES,
  MEETING_REQUESTS_PER_EVENT,
  type MeetingStatus,
  type RequestState,
} from "#contract/matching-texts";
import { HttpError } from "#server/http/http-error";
import type { EventRow } from "../events";
import type { NotificationsService } from "../notifications";
import type { UserRow } from "../users";
import type { VisibilityService } from "../visibility";
import type { LockedStatements, MeetingWithPeople } from "./meetings-sql";
import { type MeetingNews, meetingNotice } from "./notices";
import { reasonsOf } from "./ranking";
import type { MatchingRepository, PersonRow } from "./repository";
import type { Ranked } from "./roster";
import { type RosterRow, rosterCache } from "./rosters";
import { meetingGrid, overlaps, slotAt } from "./slots";

const holding = (status: MeetingStatus) => (HOLDING_STATUSES as readonly MeetingStatus[]).includes(status);
/** Ranked candidates checked against the database at once: a few more than a page, for those no longer listed. */
const CHECKED_AT_ONCE = MATCHES_MAX + 10;

function toMeeting({ meeting, requester, invitee }: MeetingWithPeople): Meeting {
  const person = (p: typeof requester) => ({
    id: p.id,
    fullName: p.fullName,
    username: p.username,
    profileImage: p.profileImage,
  });
  return {
    id: meeting.id,
    eventId: meeting.eventId,
    requester: person(requester),
    invitee: person(invitee),
    startsAt: meeting.startsAt.toISOString(),
    endsAt: meeting.endsAt.toISOString(),
    spot: meeting.spot,
    note: meeting.note,
    status: meeting.status,
    proposedBy: meeting.proposedBy,
  };
}

/**
 * People to meet at an event and the meetings they book: who may opt in, who is suggested and why, and the
 * rules of a meeting (a free slot of the event for both, requests bounded, acceptance re-checked under a lock).
 */
export function matchingService({
  repo,
  visibility,
  notifications,
  users,
  statusOf,
  freeRanges,
  now = () => new Date(),
}: {
  repo: MatchingRepository;
  visibility: Pick<VisibilityService, "requireVisible" | "requireManaged" | "requirePersonVisible">;
  notifications: Pick<NotificationsService, "notify">;
  users: { findById(id: number): Promise<UserRow | undefined> };
  /** A person's answer on an event (the events module's read). */
  statusOf: (eventId: number, userId: number) => Promise<string | null>;
  /** Published availability as instants (the events module's rule), to say who is free around the event. */
  freeRanges: (free: Array<{ date: string; timeslots: unknown }>, zone: string) => Array<[Date, Date]>;
  now?: () => Date;
}) {
  /** Each ranked event's start (from the request that ranks it): the loader reads availability around it. */
  const eventStarts = new Map<number, Date>();
  const rosters = rosterCache({
    load: async (eventId, since) => {
      const start = eventStarts.get(eventId) ?? now();
      const day = (offset: number) => new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const window = { start, end: new Date(start.getTime() + 3 * 3_600_000) };
      // Most people of an event share a zone and publish the same few slots: each answer is worked out once
      // per load (a zone's dates cost more than the rest of a person's row).
      const freeBy = new Map<string, boolean>();
      return (await repo.roster(eventId, since, [day(-1), day(1)])).map((row: PersonRow): RosterRow => {
        const key = `${row.timezone}\n${JSON.stringify(row.free)}`;
        let free = freeBy.get(key);
        if (free === undefined) {
          free = freeRanges(row.free, row.timezone).some(([a, b]) => overlaps(window, { start: a, end: b }));
          freeBy.set(key, free);
        }
        return { ...row, free };
      });
    },
  });

  /** An event whose matchmaking the viewer may use: visible to them, on, not hidden or canceled (404 otherwise). */
  async function matchingEvent(eventId: number, viewerId: number): Promise<EventRow> {
    const event = await visibility.requireVisible(eventId, viewerId);
    if (!event.matchmaking || event.hiddenAt || event.canceledAt || event.groupId != null)
      throw new HttpError(404, messageKey(MATCHING_TEXTS, "off"));
    return event;
  }

  /** Whether the person is going and shows themselves at the event. */
  async function taking(eventId: number, userId: number) {
    if ((await statusOf(eventId, userId)) !== "going") return false;
    return (await repo.optInOf(eventId, userId))?.visible === true;
  }

  /** The viewer may ask and answer here: going (403 otherwise) and opted in (403 otherwise). */
  async function requireTaking(eventId: number, viewerId: number) {
    if ((await statusOf(eventId, viewerId)) !== "going")
      throw new HttpError(403, messageKey(MATCHING_TEXTS, "onlyGoing"));
    if (!(await repo.optInOf(eventId, viewerId))?.visible)
      throw new HttpError(403, messageKey(MATCHING_TEXTS, "optInFirst"));
  }

  /** The other person of a request: an account the viewer may see (404 otherwise), taking meetings here (403). */
  async function requireOther(eventId: number, viewerId: number, otherId: number) {
    const other = await users.findById(otherId);
    if (!other || other.suspendedAt) throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
    await visibility.requirePersonVisible(viewerId, otherId);
    if (!(await taking(eventId, otherId))) throw new HttpError(403, messageKey(MATCHING_TEXTS, "notTaking"));
  }

  /** A slot of the event's grid that has not begun (400 otherwise). */
  function requireSlot(event: EventRow, startsAt: string) {
    const slot = slotAt(event.date, event.meetingSlotMinutes, new Date(startsAt));
    if (!slot) throw new HttpError(400, messageKey(MATCHING_TEXTS, "offGrid"));
    if (slot.start <= now()) throw new HttpError(400, messageKey(MATCHING_TEXTS, "slotPassed"));
    return slot;
  }

  /**
   * 409 unless both people are free for the slot (the meeting being changed aside): no pending or accepted
   * meeting overlaps it, or (`acceptedOnly`, when accepting) no accepted one.
   */
  async function requireBothFree(
    db: LockedStatements,
    people: { viewerId: number; otherId: number },
    slot: { start: Date; end: Date; except: number | null },
    acceptedOnly = false,
  ) {
    if (await db.holdsTimeIn(people.viewerId, slot, acceptedOnly))
      throw new HttpError(409, messageKey(MATCHING_TEXTS, "youAreBusy"));
    if (await db.holdsTimeIn(people.otherId, slot, acceptedOnly))
      throw new HttpError(409, messageKey(MATCHING_TEXTS, "theyAreBusy"));
  }

  async function tell(news: MeetingNews, meetingId: number, viewerId: number, recipientId: number) {
    const row = await repo.meetingFor(meetingId, viewerId);
    if (!row) throw new HttpError(404, messageKey(MATCHING_TEXTS, "meetingNotFound"));
    await notifications.notify(recipientId, meetingNotice(news, row, recipientId));
    return toMeeting(row);
  }

  return {
    /** The viewer's opt-in at the event; before they opt in, off, with their profile's phrases. */
    async matching(viewerId: number, eventId: number): Promise<Matching> {
      await matchingEvent(eventId, viewerId);
      const row = await repo.optInOf(eventId, viewerId);
      if (row) return row;
      const user = await users.findById(viewerId);
      return { visible: false, offering: user?.offering ?? [], seeking: user?.seeking ?? [] };
    },

    /** Opts in or out (only people going); a phrase list left out stays as it was, at first the profile's. */
    async setMatching(viewerId: number, eventId: number, body: MatchingBody): Promise<Matching> {
      await matchingEvent(eventId, viewerId);
      if ((await statusOf(eventId, viewerId)) !== "going")
        throw new HttpError(403, messageKey(MATCHING_TEXTS, "onlyGoing"));
      const [current, user] = await Promise.all([repo.optInOf(eventId, viewerId), users.findById(viewerId)]);
      if (!user) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
      return repo.saveOptIn(eventId, viewerId, {
        visible: body.visible,
        offering: body.offering ?? current?.offering ?? user.offering,
        seeking: body.seeking ?? current?.seeking ?? user.seeking,
        language: user.language,
      });
    },

    /** The people the viewer would most like to meet at the event, best first, each with why. */
    async matches(viewerId: number, eventId: number, language: Language): Promise<{ matches: Match[] }> {
      const state = await repo.matchState(eventId, viewerId);
      if (!state) throw new HttpError(404, messageKey(API_TEXTS, "eventNotFound"));
      if (!state.visible) await visibility.requireVisible(eventId, viewerId);
      if (!state.matchmaking || state.hidden || state.canceled)
        throw new HttpError(404, messageKey(MATCHING_TEXTS, "off"));
      if (state.status !== "going") throw new HttpError(403, messageKey(MATCHING_TEXTS, "onlyGoing"));
      if (!state.optedIn) throw new HttpError(403, messageKey(MATCHING_TEXTS, "optInFirst"));
      eventStarts.set(eventId, state.date);

      const roster = await rosters.get(eventId, state.version);
      const mutual = new Map(state.mutual.map(([candidate, count, firstId]) => [candidate, { count, firstId }]));
      const ranked = roster.rank(viewerId, mutual, CHECKED_AT_ONCE * 2);

      const requests = new Map<number, RequestState>();
      for (const [requesterId, inviteeId, status] of state.requests) {
        const other = requesterId === viewerId ? inviteeId : requesterId;
        const mine: RequestState = status === "accepted" ? "mutual" : requesterId === viewerId ? "sent" : "received";
        const before = requests.get(other);
        requests.set(other, before && before !== mine ? "mutual" : mine);
      }
      const matches: Match[] = [];
      for (let from = 0; from < ranked.length && matches.length < MATCHES_MAX; from += CHECKED_AT_ONCE) {
        const batch = ranked.slice(from, from + CHECKED_AT_ONCE);
        const byId = new Map(batch.map((r) => [r.userId, r]));
        const friendIds = batch.flatMap((r) => (r.signals.friends ? [r.signals.friends.firstId] : []));
        const { people, friendNames } = await repo.listedMatches(
          eventId,
          viewerId,
          batch.map((r) => r.userId),
          friendIds,
        );
        for (const person of people) {
          if (matches.length >= MATCHES_MAX) break;
          const { score, signals: s } = byId.get(person.id) as Ranked;
          const friendName = s.friends ? (friendNames.get(s.friends.firstId) ?? null) : null;
          matches.push({
            user: person,
            score,
            reasons: reasonsOf(friendName ? s : { ...s, friends: null }, language, friendName),
            request: requests.get(person.id) ?? "none",
          });
        }
      }
      return { matches };
    },

    /** The event's meeting times from now on, each taken when the viewer (or `withUserId`) holds it. */
    async slots(viewerId: number, eventId: number, withUserId?: number) {
      const event = await matchingEvent(eventId, viewerId);
      await requireTaking(eventId, viewerId);
      if (withUserId !== undefined && withUserId !== viewerId) await requireOther(eventId, viewerId, withUserId);
      const grid = meetingGrid(event.date, event.meetingSlotMinutes).filter((slot) => slot.start > now());
      if (grid.length === 0) return { slots: [] };
      const people = withUserId === undefined ? [viewerId] : [viewerId, withUserId];
      const held = await repo.heldTimes(people, grid[0].start, grid[grid.length - 1].end);
      return {
        slots: grid.map((slot) => ({
          startsAt: slot.start.toISOString(),
          endsAt: slot.end.toISOString(),
          taken: held.some((h) => overlaps(slot, { start: h.startsAt, end: h.endsAt })),
        })),
      };
    },

    /** Asks another opted-in person to meet at a slot both hold free; refused with nothing stored otherwise. */
    async request(viewerId: number, eventId: number, body: MeetingRequestBody): Promise<Meeting> {
      const event = await matchingEvent(eventId, viewerId);
      const otherId = body.withUserId;
      if (otherId === viewerId) throw new HttpError(400, messageKey(MATCHING_TEXTS, "notYourself"));
      await requireTaking(eventId, viewerId);
      await requireOther(eventId, viewerId, otherId);
      const slot = requireSlot(event, body.startsAt);
      const id = await repo.inLock([viewerId, otherId], null, async (db) => {
        if ((await db.requestsSent(eventId, viewerId)) >= MEETING_REQUESTS_PER_EVENT)
          throw new HttpError(429, messageKey(MATCHING_TEXTS, "tooManyRequests"));
        await requireBothFree(db, { viewerId, otherId }, { ...slot, except: null });
        return db.insert({
          eventId,
          requesterId: viewerId,
          inviteeId: otherId,
          proposedBy: viewerId,
          startsAt: slot.start,
          endsAt: slot.end,
          note: body.note ?? "",
        });
      });
      return tell("request", id, viewerId, otherId);
    },

    /**
     * An answer (the person asked accepts or declines), a cancellation (either), or a new time (either: back to
     * pending for the other). Accepting checks again, under both people's locks, that both are still free, and
     * takes the first of the event's spots free at that time.
     */
    async change(viewerId: number, meetingId: number, body: MeetingChangeBody): Promise<Meeting> {
      const row = await repo.meetingFor(meetingId, viewerId);
      if (!row) throw new HttpError(404, messageKey(MATCHING_TEXTS, "meetingNotFound"));
      const event = await matchingEvent(row.meeting.eventId, viewerId);
      const m = row.meeting;
      const otherId = m.requesterId === viewerId ? m.inviteeId : m.requesterId;
      const current = async (db: LockedStatements, still: (status: MeetingStatus) => boolean) => {
        const locked = await db.meeting(meetingId);
        if (!locked || !still(locked.status)) throw new HttpError(409, messageKey(MATCHING_TEXTS, "meetingClosed"));
        return locked;
      };

      if ("startsAt" in body) {
        if (!holding(m.status)) throw new HttpError(409, messageKey(MATCHING_TEXTS, "meetingClosed"));
        const slot = requireSlot(event, body.startsAt);
        await repo.inLock([viewerId, otherId], null, async (db) => {
          await current(db, holding);
          await requireBothFree(db, { viewerId, otherId }, { ...slot, except: meetingId });
          await db.update(meetingId, {
            startsAt: slot.start,
            endsAt: slot.end,
            status: "pending",
            proposedBy: viewerId,
            spot: null,
            remindedAt: null,
          });
        });
        return tell("newTime", meetingId, viewerId, otherId);
      }
      if (body.status === "canceled") {
        await repo.inLock([viewerId, otherId], null, async (db) => {
          await current(db, holding);
          await db.update(meetingId, { status: "canceled" });
        });
        return tell("canceled", meetingId, viewerId, otherId);
      }
      if (m.proposedBy === viewerId) throw new HttpError(403, messageKey(MATCHING_TEXTS, "onlyAsked"));
      const pending = (status: MeetingStatus) => status === "pending";
      if (!pending(m.status)) throw new HttpError(409, messageKey(MATCHING_TEXTS, "meetingClosed"));
      if (body.status === "declined") {
        await repo.inLock([viewerId, otherId], null, async (db) => {
          await current(db, pending);
          await db.update(meetingId, { status: "declined" });
        });
        return tell("declined", meetingId, viewerId, otherId);
      }
      await repo.inLock([viewerId, otherId], event.id, async (db) => {
        const locked = await current(db, pending);
        const slot = { start: locked.startsAt, end: locked.endsAt, except: meetingId };
        // Pending requests cannot overlap (each was checked under the same locks); an accepted meeting can
        // have been made since this one was asked for, at a time it then took.
        await requireBothFree(db, { viewerId, otherId }, slot, true);
        const taken = await db.spotsTaken(event.id, slot.start, slot.end);
        const spot = event.meetingSpots.find((s) => !taken.has(s)) ?? null;
        await db.update(meetingId, { status: "accepted", spot });
      });
      return tell("accepted", meetingId, viewerId, otherId);
    },

    /** The viewer's own meetings at the event, in time order. */
    async meetingsOf(viewerId: number, eventId: number) {
      await matchingEvent(eventId, viewerId);
      return { meetings: (await repo.meetingsOf(eventId, viewerId)).map(toMeeting) };
    },

    /** The hosts' counts: never who meets whom. */
    async stats(viewerId: number, eventId: number) {
      const event = await visibility.requireManaged(eventId, viewerId);
      if (!event.matchmaking || event.hiddenAt) throw new HttpError(404, messageKey(MATCHING_TEXTS, "off"));
      const [optedIn, counts] = await Promise.all([repo.optedInCount(eventId), repo.meetingCounts(eventId)]);
      return { optedIn, ...counts };
    },

    /** The person's accepted meetings from `since` on, for their calendar feed. */
    acceptedMeetingsOf: (userId: number, since: Date) => repo.acceptedMeetingsOf(userId, since),

    /** A block ends the meetings between the two; the one blocked reads that theirs was canceled, not why. */
    async cancelAcrossBlock(blockerId: number, blockedId: number) {
      for (const row of await repo.cancelHeldBy(blockerId, blockedId))
        await notifications.notify(blockedId, meetingNotice("canceledQuietly", row, blockedId));
    },

    /** Before an account is deleted: its meetings are canceled, each other person told without a name. */
    async cancelMeetingsOf(userId: number) {
      for (const row of await repo.cancelHeldBy(userId, null)) {
        const otherId = row.meeting.requesterId === userId ? row.meeting.inviteeId : row.meeting.requesterId;
        await notifications.notify(otherId, meetingNotice("canceledQuietly", row, otherId));
      }
    },

    /** A profile's words changed: the kept lists of the events the person opted in at read them again. */
    profileChanged: (userId: number) => repo.touchOptInsOf(userId),

    /** Reminds both people of each accepted meeting starting within MEETING_REMINDER_MINUTES; each once. */
    async remindDue(at: Date) {
      const due = await repo.claimDueReminders(at, MEETING_REMINDER_MINUTES * 60_000);
      for (const row of due)
        for (const userId of [row.meeting.requesterId, row.meeting.inviteeId])
          await notifications.notify(userId, meetingNotice("reminder", row, userId));
      return due.length;
    },
  };
}
export type MatchingService = ReturnType<typeof matchingService>;
