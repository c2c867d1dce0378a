import { createHmac, timingSafeEqual } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addMonths, addWeeks } from "date-fns";
import { EVENT_NOTICES } from "#contract/event-notices";
import type { ParticipantStatus } from "#contract/events";
import {
  type Answers,
  type CheckInBody,
  type EventQuestion,
  type EventUpdate,
  type EventUpdateBody,
  GUEST_CSV_COLUMNS,
  type GuestRow,
  HOSTING_TEXTS,
  type HostingDetail,
  type HostingSettings,
  type QuestionsInput,
  type Recurrence,
  UPDATES_PER_EVENT_PER_DAY,
} from "#contract/hosting";
import { HttpError } from "#server/http/http-error";
import type { NotificationsService } from "../notifications";
import type { UsersRepository } from "../users";
import type { EventRow, HostingRepository } from "./repository";

const DAY_MS = 86_400_000;

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
  if (Object.keys(answers).some((id) => !asked.has(id))) throw new HttpError(400, HOSTING_TEXTS.unknownQuestion);
  const missing = event.questions.find((q) => q.required && !answers[q.id]?.trim());
  if (missing) throw new HttpError(400, HOSTING_TEXTS.answerRequired(missing.text));
  if ((response.guests ?? 0) > event.maxGuestsPerPerson) {
    throw new HttpError(400, HOSTING_TEXTS.tooManyGuests(event.maxGuestsPerPerson));
  }
}

/** Whether a viewer sees who is going (the count is always shown). */
function seesGuestList(
  event: Pick<EventRow, "guestList">,
  viewer: { manages: boolean; status: ParticipantStatus | null },
) {
  if (viewer.manages || event.guestList === "everyone") return true;
  return event.guestList === "attendees" && viewer.status === "going";
}

/** A CSV field: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvField(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * The events module's access rules (its `eventAccess`), which compose.ts builds with hosting's co-host read:
 * each answers the event's row or refuses with 404 or 403.
 */
export interface EventAccess {
  requireVisible(id: number, viewerId: number): Promise<EventRow>;
  requireHosted(id: number, userId: number): Promise<EventRow>;
  requireManaged(id: number, userId: number): Promise<EventRow>;
}

export function hostingService({
  repo,
  users,
  access,
  notifications,
  ticketSecret,
  checkIn,
  postToConversation,
  now = () => new Date(),
}: {
  repo: HostingRepository;
  users: UsersRepository;
  access: EventAccess;
  notifications: NotificationsService;
  /** The server's key for ticket signatures, made once and kept in the database. */
  ticketSecret: () => Promise<string>;
  /** The participants module's check-in of a going guest (null when not going or already in). */
  checkIn: (eventId: number, userId: number, at: Date) => Promise<Date | null>;
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
    /** Each event's co-hosts, for a page of cards. */
    async cohostsOf(eventIds: number[]) {
      const byEvent = new Map<
        number,
        Array<{ id: number; fullName: string; username: string; profileImage: string | null }>
      >();
      for (const row of await repo.cohostsOfMany(eventIds)) {
        byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row.user]);
      }
      return byEvent;
    },

    /** What the event page adds for hosting, as `viewerId` sees it. */
    async detailFor(
      event: EventRow,
      viewerId: number,
      viewer:
        | { status: ParticipantStatus | null; guests: number; checkedInAt: Date | null; confirmBy: Date | null }
        | undefined,
    ): Promise<HostingDetail & { seesGuests: boolean }> {
      const cohosts = await repo.cohostsOf(event.id);
      const isCohost = cohosts.some((c) => c.id === viewerId);
      return {
        cohosts,
        isCohost,
        questions: event.questions,
        maxGuestsPerPerson: event.maxGuestsPerPerson,
        guestList: event.guestList,
        viewerGuests: viewer ? viewer.guests : null,
        viewerCheckedIn: viewer?.checkedInAt != null,
        waitlistMode: event.waitlistMode,
        viewerConfirmBy: viewer?.status === "going" && viewer.confirmBy ? viewer.confirmBy.toISOString() : null,
        seesGuests: seesGuestList(event, {
          manages: isCohost || event.hostId === viewerId,
          status: viewer?.status ?? null,
        }),
      };
    },

    async addCohost(hostId: number, eventId: number, userId: number) {
      const event = await access.requireHosted(eventId, hostId);
      if (userId === event.hostId) throw new HttpError(409, HOSTING_TEXTS.cohostIsHost);
      const user = await users.findById(userId);
      if (!user) throw new HttpError(404, HOSTING_TEXTS.userNotFound);
      await repo.addCohost(eventId, userId);
      await notifications.notify(userId, { ...EVENT_NOTICES.cohostAdded(event), fromUserId: hostId });
      return {
        eventId,
        user: { id: user.id, fullName: user.fullName, username: user.username, profileImage: user.profileImage },
      };
    },

    async removeCohost(hostId: number, eventId: number, userId: number) {
      await access.requireHosted(eventId, hostId);
      if (!(await repo.removeCohost(eventId, userId))) throw new HttpError(404, HOSTING_TEXTS.cohostNotFound);
    },

    async sendUpdate(authorId: number, eventId: number, body: EventUpdateBody): Promise<EventUpdate> {
      const event = await access.requireManaged(eventId, authorId);
      const audience = body.audience ?? ["going"];
      const row = await repo.insertUpdateWithinBudget(
        { eventId, authorId, message: body.message, audience },
        { max: UPDATES_PER_EVENT_PER_DAY, since: new Date(now().getTime() - DAY_MS) },
      );
      if (!row) throw new HttpError(429, HOSTING_TEXTS.tooManyUpdates);
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
        if (!mine || mine.status === "declined") throw new HttpError(403, HOSTING_TEXTS.updatesOnlyGuests);
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

    async guestsCsv(managerId: number, eventId: number) {
      const { event, rows } = await guestRows(managerId, eventId);
      const header = [...GUEST_CSV_COLUMNS, ...event.questions.map((q) => q.text)];
      const lines = rows.map((r) => [
        r.user.fullName,
        r.user.username,
        r.status,
        String(r.guests),
        r.checkedIn ? "yes" : "no",
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
      if (mine?.status !== "going") throw new HttpError(403, HOSTING_TEXTS.ticketOnlyGoing);
      return { code: `${eventId}.${userId}.${await sign(eventId, userId)}` };
    },

    async checkIn(managerId: number, eventId: number, body: CheckInBody) {
      await access.requireManaged(eventId, managerId);
      let guestId: number;
      if ("code" in body) {
        const ticket = await readTicket(body.code);
        // A forged code and another event's ticket are the same to the scanner: no such ticket here.
        if (!ticket || ticket.eventId !== eventId) throw new HttpError(404, HOSTING_TEXTS.ticketNotFound);
        guestId = ticket.userId;
      } else {
        guestId = body.userId;
      }
      const at = await checkIn(eventId, guestId, now());
      if (!at) {
        const row = await repo.participant(eventId, guestId);
        if (row?.status === "going" && row.checkedInAt) throw new HttpError(409, HOSTING_TEXTS.alreadyCheckedIn);
        throw new HttpError(404, HOSTING_TEXTS.ticketNotFound);
      }
      const user = await users.findById(guestId);
      if (!user) throw new HttpError(404, HOSTING_TEXTS.ticketNotFound);
      return {
        user: { id: user.id, fullName: user.fullName, username: user.username, profileImage: user.profileImage },
        checkedInAt: at.toISOString(),
      };
    },
  };
}
export type HostingService = ReturnType<typeof hostingService>;
