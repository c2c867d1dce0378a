import { z } from "zod";
import { idParamSchema, idSchema, lineSchema, textSchema } from "./fields";

/** An event asks at most this many questions of the people who go or apply. */
export const EVENT_QUESTIONS_MAX = 3;
export const QUESTION_TEXT_MAX = 200;
export const ANSWER_TEXT_MAX = 500;
/** How many plus-ones a host may let one person bring. */
export const GUESTS_PER_PERSON_MAX = 5;
export const UPDATE_MESSAGE_MAX = 1000;
/** Updates one event may send in any 24 hours: enough for news, too few to spam its guests. */
export const UPDATES_PER_EVENT_PER_DAY = 10;
const UPDATES_PAGE_MAX = 50;
/** A ticket code is `<eventId>.<userId>.<signature>`: short enough for a small QR code. */
export const TICKET_CODE_MAX = 80;

const questionIdSchema = z
  .string()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, "must be letters, digits, - or _");

const eventQuestionSchema = z.object({
  id: questionIdSchema,
  text: lineSchema().trim().min(1, "A question needs its text").max(QUESTION_TEXT_MAX),
  required: z.boolean(),
});
export type EventQuestion = z.infer<typeof eventQuestionSchema>;

/** Questions as a host writes them: an id is given to those without one. */
const questionsInputSchema = z
  .array(eventQuestionSchema.extend({ id: questionIdSchema.optional(), required: z.boolean().default(false) }))
  .max(EVENT_QUESTIONS_MAX, `An event asks at most ${EVENT_QUESTIONS_MAX} questions`)
  .refine((qs) => new Set(qs.flatMap((q) => (q.id ? [q.id] : []))).size === qs.filter((q) => q.id).length, {
    message: "Question ids must differ",
  });
export type QuestionsInput = z.infer<typeof questionsInputSchema>;

const guestListVisibilitySchema = z.enum(["everyone", "attendees", "hosts"]);
export type GuestListVisibility = z.infer<typeof guestListVisibilitySchema>;

const waitlistModeSchema = z.enum(["instant", "confirm"]);
export type WaitlistMode = z.infer<typeof waitlistModeSchema>;
/** How long a person offered a seat from the waitlist has to confirm it (confirm mode). */
export const SEAT_CONFIRM_MS = 60 * 60_000;

const maxGuestsPerPersonSchema = z
  .number()
  .int("maxGuestsPerPerson must be a whole number")
  .min(0, "maxGuestsPerPerson must be at least 0")
  .max(GUESTS_PER_PERSON_MAX, `maxGuestsPerPerson must be at most ${GUESTS_PER_PERSON_MAX}`);

/** The hosting settings POST /api/events and PATCH /api/events/{id} accept beside the event's own fields. */
export const hostingSettingsSchema = z.object({
  questions: questionsInputSchema.optional(),
  maxGuestsPerPerson: maxGuestsPerPersonSchema.optional(),
  guestList: guestListVisibilitySchema.optional(),
  waitlistMode: waitlistModeSchema.optional(),
});
export type HostingSettings = z.infer<typeof hostingSettingsSchema>;

export const answersSchema = z
  .record(questionIdSchema, textSchema().trim().max(ANSWER_TEXT_MAX))
  .refine((a) => Object.keys(a).length <= EVENT_QUESTIONS_MAX, `at most ${EVENT_QUESTIONS_MAX} answers`);
export type Answers = z.infer<typeof answersSchema>;

export const guestsCountSchema = z
  .number()
  .int("guests must be a whole number")
  .min(0, "guests must be at least 0")
  .max(GUESTS_PER_PERSON_MAX, `guests must be at most ${GUESTS_PER_PERSON_MAX}`);

export const HOSTING_TEXTS = {
  answerRequired: (question: string) => `Please answer: ${question}`,
  unknownQuestion: "An answer names a question this event does not ask",
  tooManyGuests: (max: number) =>
    max === 0 ? "This event does not allow plus-ones" : `You can bring at most ${max} plus-one${max === 1 ? "" : "s"}`,
  notEnoughSeats: "Not enough seats left for you and your plus-ones",
  onlyHost: "Only the host can do this",
  onlyHosts: "Only the hosts can do this",
  cohostIsHost: "The host is already hosting this event",
  userNotFound: "User not found",
  cohostNotFound: "Not a co-host of this event",
  updatesOnlyGuests: "Only the event's guests and hosts can read its updates",
  tooManyUpdates: `An event can send at most ${UPDATES_PER_EVENT_PER_DAY} updates a day`,
  ticketOnlyGoing: "Only people going have a ticket",
  ticketNotFound: "Ticket not found",
  alreadyCheckedIn: "Already checked in",
  youWereThere: "You were there",
  noSeatOffer: "No seat is waiting for your confirmation",
} as const;

export const cohostBodySchema = z.object({ userId: idSchema }).strict();
export const cohostParamsSchema = z.object({ id: idParamSchema, userId: idParamSchema });

export const cohostSchema = z.object({
  eventId: z.number().int(),
  user: z.object({
    id: z.number().int(),
    fullName: z.string(),
    username: z.string(),
    profileImage: z.string().nullable(),
  }),
});

const updateAudienceSchema = z.enum(["going", "waitlisted", "pending"]);
export type UpdateAudience = z.infer<typeof updateAudienceSchema>;

export const eventUpdateBodySchema = z
  .object({
    message: textSchema({ error: "A message is required" })
      .trim()
      .min(1, "A message is required")
      .max(UPDATE_MESSAGE_MAX, `A message is at most ${UPDATE_MESSAGE_MAX} characters`),
    audience: z
      .array(updateAudienceSchema)
      .min(1, "Choose who gets the update")
      .max(3)
      .transform((a) => [...new Set(a)])
      .optional(),
  })
  .strict();
export type EventUpdateBody = z.infer<typeof eventUpdateBodySchema>;

export const eventUpdateSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  message: z.string(),
  audience: z.array(updateAudienceSchema),
  author: cohostSchema.shape.user.nullable(),
  createdAt: z.string(),
});
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

export const updatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(UPDATES_PAGE_MAX).default(20),
  /** The id of the last update of the previous page. */
  cursor: idParamSchema.optional(),
});

/** One row of the hosts' guest list: everyone who answered, with their answers, plus-ones and check-in. */
export const guestRowSchema = z.object({
  user: cohostSchema.shape.user,
  status: z.enum(["going", "declined", "pending", "waitlisted"]),
  answers: z.record(z.string(), z.string()),
  guests: z.number().int(),
  checkedIn: z.boolean(),
  respondedAt: z.string(),
});
export type GuestRow = z.infer<typeof guestRowSchema>;

export const ticketSchema = z.object({ code: z.string() });
const ticketCodeSchema = lineSchema()
  .trim()
  .min(1, "A ticket code is required")
  .max(TICKET_CODE_MAX, "Ticket not found");
/** A scanned ticket's code, or (ticking the guest list) the guest's id. */
export const checkInBodySchema = z.union([
  z.object({ code: ticketCodeSchema }).strict(),
  z.object({ userId: idSchema }).strict(),
]);
export type CheckInBody = z.infer<typeof checkInBodySchema>;
export const checkInSchema = z.object({ user: cohostSchema.shape.user, checkedInAt: z.string() });

/** The CSV file's columns, in order; one more column per question follows. */
export const GUEST_CSV_COLUMNS = ["Name", "Username", "Status", "Plus-ones", "Checked in", "Responded at"] as const;

/** What the event page adds for hosting: the hosts, what they ask and allow, and the viewer's own answer. */
export const hostingDetailSchema = z.object({
  cohosts: z.array(cohostSchema.shape.user),
  isCohost: z.boolean(),
  questions: z.array(eventQuestionSchema),
  maxGuestsPerPerson: z.number().int(),
  guestList: guestListVisibilitySchema,
  /** The viewer's plus-ones, answers and check-in (null before they answer). */
  viewerGuests: z.number().int().nullable(),
  viewerCheckedIn: z.boolean(),
  waitlistMode: waitlistModeSchema,
  /** When the viewer was offered a seat from the waitlist: the time they must confirm it by. */
  viewerConfirmBy: z.string().nullable(),
});
export type HostingDetail = z.infer<typeof hostingDetailSchema>;

export const recurrenceFrequencySchema = z.enum(["weekly", "biweekly", "monthly"]);
export type RecurrenceFrequency = z.infer<typeof recurrenceFrequencySchema>;
export const SERIES_COUNT_MIN = 2;
export const SERIES_COUNT_MAX = 52;
/** A series: one event per occurrence, each with its own guests and capacity. */
export const recurrenceSchema = z
  .object({
    frequency: recurrenceFrequencySchema,
    count: z
      .number()
      .int("count must be a whole number")
      .min(SERIES_COUNT_MIN, `A series has at least ${SERIES_COUNT_MIN} dates`)
      .max(SERIES_COUNT_MAX, `A series has at most ${SERIES_COUNT_MAX} dates`),
  })
  .strict();
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** PATCH and DELETE /api/events/{id}: this occurrence only, or this and the following ones of its series. */
export const seriesScopeQuerySchema = z.object({ scope: z.enum(["one", "following"]).default("one") });
export type SeriesScope = z.infer<typeof seriesScopeQuerySchema>["scope"];

export const occurrenceSchema = z.object({ id: z.number().int(), date: z.string() });

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};
/** "Every Tuesday", "Every other Tuesday", "Monthly on the 3rd", from an occurrence's weekday and day in its zone. */
export function recurrenceLabel(frequency: RecurrenceFrequency, weekday: string, dayOfMonth: number): string {
  if (frequency === "weekly") return `Every ${weekday}`;
  if (frequency === "biweekly") return `Every other ${weekday}`;
  return `Monthly on the ${ordinal(dayOfMonth)}`;
}

/** An event the viewer and another person were both checked in at ("Met at <event>"). */
export const metAtSchema = z.object({ eventId: z.number().int(), title: z.string(), date: z.string() });
export const metAtParamsSchema = z.object({ id: idParamSchema });
