import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks } from "date-fns";
import { EVENT_NOTICES } from "#contract/event-notices";
import type { ParticipantStatus } from "#contract/events";
import {
  type Answers,
  CHECK_IN_CLOSES_AFTER_START_HOURS,
  type CheckInBody,
  DOOR_CODE_ALPHABET,
  DOOR_CODE_LENGTH,
  type EventQuestion,
  type EventUpdate,
  type EventUpdateBody,
  GUEST_CSV_TEXTS,
  type GuestRow,
  HOSTING_TEXTS,
  type HostingDetail,
  type HostingSettings,
  normalizeDoorCode,
  type QuestionsInput,
  type Recurrence,
  type SeriesScope,
  UPDATES_PER_EVENT_PER_DAY,
} from "#contract/hosting";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import { languageOf, serverText } from "#server/i18n";
import type { NotificationsService } from "../notifications";
import type { UserRow } from "../users";
import type { EventAccess } from "../visibility";
import type { EventRow, HostingRepository } from "./repository";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Questions as stored: every one with an id (q1, q2, ... for those the host left without). */
function normalizeQuestions(input: QuestionsInput): EventQuestion[] {
  const taken = new Set(input.flatMap((q) => (q.id ? [q.id] : [])));
  let n = 0;
  const nextId = () => {
    do n += 1;
    while (taken.has(`q${n}`));
    return `q${n}`;
  };
  return input.map((q) => ({ id: q.id ?? nextId(), text: q.text, required: q.required }));
}

/**
 * The dates of a series' occurrences: the first, then every week, two weeks or month, at the same wall-clock
 * time in `timeZone` (a 7 pm run stays at 7 pm across a daylight-saving change; the 31st becomes the month's last day).
 */
export function occurrenceDates(first: Date, recurrence: Recurrence, timeZone: string): Date[] {
  const start = new TZDate(first.getTime(), timeZone);
  return Array.from({ length: recurrence.count }, (_, n) => {
    const next =
      recurrence.frequency === "monthly"
        ? addMonths(start, n)
        : addWeeks(start, recurrence.frequency === "biweekly" ? 2 * n : n);
    return new Date(next.getTime());
  });
}

/** The events columns a create or edit body's hosting settings write (nothing for what it leaves out). */
export function hostingColumns(body: HostingSettings) {
  return {
    ...(body.questions !== undefined ? { questions: normalizeQuestions(body.questions) } : {}),
    ...(body.maxGuestsPerPerson !== undefined ? { maxGuestsPerPerson: body.maxGuestsPerPerson } : {}),
    ...(body.checkInOpensHours !== undefined ? { checkInOpensHours: body.checkInOpensHours } : {}),
    ...(body.guestList !== undefined ? { guestList: body.guestList } : {}),
    ...(body.waitlistMode !== undefined ? { waitlistMode: body.waitlistMode } : {}),
  };
}

/**
 * A going or applying person's answers and plus-ones against what the event asks and allows: every
 * required question answered, no answer to a question it does not ask, no more plus-ones than allowed.
 */
export function checkResponse(
  event: Pick<EventRow, "questions" | "maxGuestsPerPerson">,
  status: ParticipantStatus,
  response: { answers?: Answers; guests?: number },
) {
  if (status === "declined") return;
  const answers = response.answers ?? {};
  const asked = new Set(event.questions.map((q) => q.id));
  if (Object.keys(answers).some((id) => !asked.has(id)))
    throw new HttpError(400, messageKey(HOSTING_TEXTS, "unknownQuestion"));
  const missing = event.questions.find((q) => q.required && !answers[q.id]?.trim());
  if (missing) throw new HttpError(400, messageKey(HOSTING_TEXTS, "answerRequired"), { question: missing.text });
  if ((response.guests ?? 0) > event.maxGuestsPerPerson) {
    throw new HttpError(400, messageKey(HOSTING_TEXTS, "tooManyGuests"), { max: event.maxGuestsPerPerson });
  }
}

/**
 * Check-in is open from the event's own number of hours before its start until it is over (a set number of
 * hours after the start: events keep no end), so a door code typed days early checks nobody in.
 */
function assertCheckInOpen(event: Pick<EventRow, "date" | "checkInOpensHours">, at: Date) {
  const start = event.date.getTime();
  if (at.getTime() < start - event.checkInOpensHours * HOUR_MS) {
    throw new HttpError(409, messageKey(HOSTING_TEXTS, "checkInNotOpen"), { hours: event.checkInOpensHours });
  }
  if (at.getTime() > start + CHECK_IN_CLOSES_AFTER_START_HOURS * HOUR_MS) {
    throw new HttpError(409, messageKey(HOSTING_TEXTS, "checkInClosed"));
  }
}

/** A CSV field: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function hostingService({
  repo,
  users,
  access,
  notifications,
  ticketSecret,
  checkIn,
  claimDoorCode,
  postToConversation,
  now = () => new Date(),
}: {
  repo: HostingRepository;
  /** The users module's: names and languages, and the accounts a host may see (none across a block). */
  users: {
    findById(id: number): Promise<UserRow | undefined>;
    findManySeenBy(viewerId: number, ids: number[]): Promise<UserRow[]>;
  };
  access: EventAccess;
  notifications: NotificationsService;
  /** The server's key for ticket signatures, made once and kept in the database. */
  ticketSecret: () => Promise<string>;
  /** The participants module's check-in of a going guest (null when not going or already in). */
  checkIn: (eventId: number, userId: number, at: Date) => Promise<Date | null>;
  /** The participants module's one write of a guest's door code (null when another guest holds it). */
  claimDoorCode: (eventId: number, userId: number, code: string) => Promise<string | null>;
  /** Posts an update to the going guests in the event's conversation, as its author. */
  postToConversation?: (authorId: number, eventId: number, message: string) => Promise<void>;
  now?: () => Date;
}) {
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= ticketSecret();
    return secret;
  };
  const sign = async (eventId: number, userId: number) =>
    createHmac("sha256", await key())
      .update(`ticket:${eventId}:${userId}`)
      .digest("base64url")
      .slice(0, 32);

  async function readTicket(code: string): Promise<{ eventId: number; userId: number } | null> {
    const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(code);
    if (!match) return null;
    const eventId = Number(match[1]);
    const userId = Number(match[2]);
    const expected = Buffer.from(await sign(eventId, userId));
    const given = Buffer.from(match[3]);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { eventId, userId } : null;
  }

  /** The people a host may name as co-hosts: existing accounts other than the host (404 / 409 otherwise). */
  async function cohostsFor(hostId: number, userIds: number[]) {
    if (userIds.includes(hostId)) throw new HttpError(409, messageKey(HOSTING_TEXTS, "cohostIsHost"));
    // Someone across a block is as if gone: the same answer as an unknown account, and no notice.
    const found = await users.findManySeenBy(hostId, [...new Set(userIds)]);
    if (found.length !== new Set(userIds).size) throw new HttpError(404, messageKey(HOSTING_TEXTS, "userNotFound"));
    return found.map((u) => ({ id: u.id, fullName: u.fullName, username: u.username, profileImage: u.profileImage }));
  }

  /** The event alone, or with "following" it and its series' later dates. */
  async function scopedIds(event: EventRow, scope: SeriesScope) {
    if (scope === "one" || event.seriesId == null) return [event.id];
    return repo.followingOccurrenceIds(event.seriesId, event.date);
  }

  /** A random door code no other guest of the event holds (a taken one is drawn again). */
  async function newDoorCode(eventId: number, userId: number) {
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from(
        { length: DOOR_CODE_LENGTH },
        () => DOOR_CODE_ALPHABET[randomInt(DOOR_CODE_ALPHABET.length)],
      ).join("");
      const stored = await claimDoorCode(eventId, userId, code);
      if (stored) return stored;
    }
    throw new HttpError(503, messageKey(HOSTING_TEXTS, "doorCodeBusy"));
  }

  async function manages(event: EventRow, userId: number) {
    return event.hostId === userId || (await repo.isCohost(event.id, userId));
  }

  async function guestRows(managerId: number, eventId: number): Promise<{ event: EventRow; rows: GuestRow[] }> {
    const event = await access.requireManaged(eventId, managerId);
    const rows = await repo.guests(eventId, managerId);
    return {
      event,
      rows: rows.map((r) => ({
        user: r.user,
        status: r.status,
        answers: r.answers,
        guests: r.guests,
        checkedIn: r.checkedInAt != null,
        respondedAt: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    isCohost: repo.isCohost,
    cohostIdsOf: repo.cohostIdsOf,
    cohostedEventIds: repo.cohostedEventIds,
    /** What the event page adds for hosting, as `viewerId` sees it. */
    async detailFor(
      event: EventRow,
      viewerId: number,
      viewer:
        | {
            status: ParticipantStatus | null;
            guests: number;
            answers: Record<string, string>;
            checkedInAt: Date | null;
            confirmBy: Date | null;
          }
        | undefined,
    ): Promise<HostingDetail & { seesGuests: boolean }> {
      const cohosts = await repo.cohostsOf(event.id, viewerId);
      const isCohost = cohosts.some((c) => c.id === viewerId);
      return {
        cohosts,
        isCohost,
        questions: event.questions,
        maxGuestsPerPerson: event.maxGuestsPerPerson,
        guestList: event.guestList,
        viewerGuests: viewer ? viewer.guests : null,
        viewerAnswers: viewer?.answers ?? {},
        viewerCheckedIn: viewer?.checkedInAt != null,
        waitlistMode: event.waitlistMode,
        viewerConfirmBy: viewer?.status === "going" && viewer.confirmBy ? viewer.confirmBy.toISOString() : null,
        seesGuests: await access.seesGuestList(event.id, viewerId),
      };
    },

    /** With scope "following", every later date of the event's series gets the co-host too. */
    async addCohost(hostId: number, eventId: number, userId: number, scope: SeriesScope = "one") {
      const event = await access.requireHosted(eventId, hostId);
      const [user] = await cohostsFor(event.hostId, [userId]);
      await repo.addCohosts(await scopedIds(event, scope), [userId]);
      await notifications.notify(userId, { ...EVENT_NOTICES.cohostAdded(event), fromUserId: hostId });
      return { eventId, user };
    },

    /** Checked before an event is made, so a refused co-host leaves no event behind. */
    cohostsFor,

    /** The co-hosts named when the event (every date of its series) was made; each is told once. */
    async nameCohosts(event: EventRow, eventIds: number[], userIds: number[]) {
      await repo.addCohosts(eventIds, userIds);
      await notifications.notifyAll(userIds, EVENT_NOTICES.cohostAdded(event));
    },

    async removeCohost(hostId: number, eventId: number, userId: number, scope: SeriesScope = "one") {
      const event = await access.requireHosted(eventId, hostId);
      if (!(await repo.removeCohost(await scopedIds(event, scope), userId))) {
        throw new HttpError(404, messageKey(HOSTING_TEXTS, "cohostNotFound"));
      }
    },

    async sendUpdate(authorId: number, eventId: number, body: EventUpdateBody): Promise<EventUpdate> {
      // A hidden event is silenced: its hosts may read it, but nothing about it goes out.
      const event = await access.requireAnnounceable(eventId, authorId);
      const audience = body.audience ?? ["going"];
      const sent = await repo.insertUpdateWithinBudget(
        { eventId, authorId, message: body.message, audience },
        { max: UPDATES_PER_EVENT_PER_DAY, since: new Date(now().getTime() - DAY_MS) },
      );
      if ("refused" in sent)
        throw new HttpError(
          429,
          messageKey(HOSTING_TEXTS, sent.refused === "event" ? "tooManyUpdates" : "tooManySeriesUpdates"),
        );
      const row = sent.stored;
      const recipients = (await repo.userIdsWithStatus(eventId, audience)).filter((id) => id !== authorId);
      await notifications.notifyAll(recipients, {
        ...EVENT_NOTICES.hostUpdate(event, body.message),
        fromUserId: authorId,
      });
      // The guests' conversation is the going guests': an update for them is said there too. A co-host
      // who is not going has no seat in it (403), and the update stands without it.
      if (postToConversation && audience.includes("going")) {
        await postToConversation(authorId, eventId, body.message).catch((error: unknown) => {
          if (!(error instanceof HttpError && error.statusCode === 403)) throw error;
        });
      }
      const author = await users.findById(authorId);
      return {
        id: row.id,
        eventId,
        message: row.message,
        audience: row.audience,
        author: author
          ? { id: author.id, fullName: author.fullName, username: author.username, profileImage: author.profileImage }
          : null,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** The hosts read every update; a guest those sent to their status. */
    async updates(viewerId: number, eventId: number, page: { take: number; before?: number }) {
      const event = await access.requireVisible(eventId, viewerId);
      let audience: "going" | "waitlisted" | "pending" | undefined;
      if (!(await manages(event, viewerId))) {
        const mine = await repo.participant(eventId, viewerId);
        if (!mine || mine.status === "declined")
          throw new HttpError(403, messageKey(HOSTING_TEXTS, "updatesOnlyGuests"));
        audience = mine.status;
      }
      const rows = await repo.updates(eventId, page, audience);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** The series' upcoming occurrences that are not canceled, soonest first (a one-off event: itself while upcoming). */
    async occurrences(viewerId: number, eventId: number) {
      const event = await access.requireVisible(eventId, viewerId);
      const rows =
        event.seriesId == null
          ? event.canceledAt || event.date <= now()
            ? []
            : [{ id: event.id, date: event.date }]
          : await repo.upcomingOccurrences(event.seriesId, now());
      return rows.map((r) => ({ id: r.id, date: r.date.toISOString() }));
    },

    /** Where the viewer met another person: events they were both checked in at. */
    async metAt(viewerId: number, otherId: number) {
      if (viewerId === otherId) return [];
      const rows = await repo.metAt(viewerId, otherId);
      return rows.map((r) => ({ eventId: r.eventId, title: r.title, date: r.date.toISOString() }));
    },

    guests: async (managerId: number, eventId: number) => (await guestRows(managerId, eventId)).rows,

    /** In the language the host chose in Link: the download is a plain link, whose request says the browser's. */
    async guestsCsv(managerId: number, eventId: number) {
      const { event, rows } = await guestRows(managerId, eventId);
      const language = languageOf((await users.findById(managerId))?.language);
      const word = (key: keyof typeof GUEST_CSV_TEXTS & string) => serverText(language, GUEST_CSV_TEXTS, key);
      const columns = ["name", "username", "status", "plusOnes", "checkedIn", "respondedAt"] as const;
      const header = [...columns.map(word), ...event.questions.map((q) => q.text)];
      const lines = rows.map((r) => [
        r.user.fullName,
        r.user.username,
        word(r.status),
        String(r.guests),
        word(r.checkedIn ? "yes" : "no"),
        r.respondedAt,
        ...event.questions.map((q) => r.answers[q.id] ?? ""),
      ]);
      const csv = [header, ...lines].map((line) => line.map(csvField).join(",")).join("\r\n");
      const slug =
        event.title
          .replace(/[^A-Za-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")
          .slice(0, 40) || "event";
      return { csv: `${csv}\r\n`, filename: `${slug}-guests.csv` };
    },

    async ticket(userId: number, eventId: number) {
      await access.requireVisible(eventId, userId);
      const mine = await repo.participant(eventId, userId);
      if (mine?.status !== "going") throw new HttpError(403, messageKey(HOSTING_TEXTS, "ticketOnlyGoing"));
      return {
        code: `${eventId}.${userId}.${await sign(eventId, userId)}`,
        doorCode: mine.doorCode ?? (await newDoorCode(eventId, userId)),
      };
    },

    async checkIn(managerId: number, eventId: number, body: CheckInBody) {
      const event = await access.requireManaged(eventId, managerId);
      const at = now();
      assertCheckInOpen(event, at);
      let guestId: number;
      if ("code" in body) {
        const ticket = await readTicket(body.code);
        const typed = ticket ? null : await repo.holderOfDoorCode(eventId, normalizeDoorCode(body.code));
        // A forged code and another event's ticket are the same to the scanner: no such ticket here.
        if (ticket ? ticket.eventId !== eventId : typed == null)
          throw new HttpError(404, messageKey(HOSTING_TEXTS, "ticketNotFound"));
        guestId = ticket ? ticket.userId : (typed as number);
      } else {
        guestId = body.userId;
      }
      const checkedInAt = await checkIn(eventId, guestId, at);
      if (!checkedInAt) {
        const row = await repo.participant(eventId, guestId);
        if (row?.status === "going" && row.checkedInAt)
          throw new HttpError(409, messageKey(HOSTING_TEXTS, "alreadyCheckedIn"));
        throw new HttpError(404, messageKey(HOSTING_TEXTS, "ticketNotFound"));
      }
      const user = await users.findById(guestId);
      if (!user) throw new HttpError(404, messageKey(HOSTING_TEXTS, "ticketNotFound"));
      await notifications.notify(guestId, EVENT_NOTICES.checkedIn(event));
      return {
        user: { id: user.id, fullName: user.fullName, username: user.username, profileImage: user.profileImage },
        checkedInAt: checkedInAt.toISOString(),
      };
    },
  };
}
export type HostingService = ReturnType<typeof hostingService>;
