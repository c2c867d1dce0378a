import { z } from "zod";
import { idParamSchema, idSchema, lineSchema, textSchema } from "./fields";
import {
  ANSWER_TEXT_MAX,
  CHECK_IN_OPENS_HOURS_MAX,
  COHOSTS_AT_CREATE_MAX,
  EVENT_QUESTIONS_MAX,
  GUESTS_PER_PERSON_MAX,
  HOSTING_TEXTS,
  QUESTION_TEXT_MAX,
  RECURRENCE_FREQUENCIES,
  SERIES_COUNT_MAX,
  SERIES_COUNT_MIN,
  TICKET_CODE_MAX,
  UPDATE_MESSAGE_MAX,
} from "./hosting-texts";
import { defineTexts, messageKey } from "./i18n/texts";

export {
  CHECK_IN_CLOSES_AFTER_START_HOURS,
  CHECK_IN_OPENS_HOURS_DEFAULT,
  DOOR_CODE_ALPHABET,
  DOOR_CODE_LENGTH,
  GUEST_CSV_TEXTS,
  HOSTING_TEXTS,
  normalizeDoorCode,
  type RecurrenceFrequency,
  SEAT_CONFIRM_MS,
  UPDATES_PER_EVENT_PER_DAY,
} from "./hosting-texts";

const UPDATES_PAGE_MAX = 50;

/** What the hosting schemas answer when a field breaks their rules. */
export const HOSTING_RULES_TEXTS = defineTexts("hostingRules", {
  questionId: "must be letters, digits, - or _",
  questionText: "A question needs its text",
  tooManyQuestions: `An event asks at most ${EVENT_QUESTIONS_MAX} questions`,
  questionIdsDiffer: "Question ids must differ",
  maxGuestsWhole: "maxGuestsPerPerson must be a whole number",
  maxGuestsMin: "maxGuestsPerPerson must be at least 0",
  maxGuestsMax: `maxGuestsPerPerson must be at most ${GUESTS_PER_PERSON_MAX}`,
  checkInOpensWhole: "checkInOpensHours must be a whole number",
  checkInOpensMin: "checkInOpensHours must be at least 0",
  checkInOpensMax: `checkInOpensHours must be at most ${CHECK_IN_OPENS_HOURS_MAX}`,
  tooManyAnswers: `at most ${EVENT_QUESTIONS_MAX} answers`,
  guestsWhole: "guests must be a whole number",
  guestsMin: "guests must be at least 0",
  guestsMax: `guests must be at most ${GUESTS_PER_PERSON_MAX}`,
  tooManyCohosts: `Name at most ${COHOSTS_AT_CREATE_MAX} co-hosts`,
  messageRequired: "A message is required",
  messageTooLong: `A message is at most ${UPDATE_MESSAGE_MAX} characters`,
  audienceRequired: "Choose who gets the update",
  ticketCodeRequired: "A ticket code is required",
  countWhole: "count must be a whole number",
  seriesMin: `A series has at least ${SERIES_COUNT_MIN} dates`,
  seriesMax: `A series has at most ${SERIES_COUNT_MAX} dates`,
});
const RULES = HOSTING_RULES_TEXTS;

const questionIdSchema = z
  .string()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9_-]+$/, RULES.questionId);

const eventQuestionSchema = z.object({
  id: questionIdSchema,
  text: lineSchema().trim().min(1, RULES.questionText).max(QUESTION_TEXT_MAX),
  required: z.boolean(),
});
export type EventQuestion = z.infer<typeof eventQuestionSchema>;

/** Questions as a host writes them: an id is given to those without one. */
const questionsInputSchema = z
  .array(eventQuestionSchema.extend({ id: questionIdSchema.optional(), required: z.boolean().default(false) }))
  .max(EVENT_QUESTIONS_MAX, RULES.tooManyQuestions)
  .refine((qs) => new Set(qs.flatMap((q) => (q.id ? [q.id] : []))).size === qs.filter((q) => q.id).length, {
    message: RULES.questionIdsDiffer,
  });
export type QuestionsInput = z.infer<typeof questionsInputSchema>;

const guestListVisibilitySchema = z.enum(["everyone", "attendees", "hosts"]);
export type GuestListVisibility = z.infer<typeof guestListVisibilitySchema>;

const waitlistModeSchema = z.enum(["instant", "confirm"]);
export type WaitlistMode = z.infer<typeof waitlistModeSchema>;

const maxGuestsPerPersonSchema = z
  .number()
  .int(RULES.maxGuestsWhole)
  .min(0, RULES.maxGuestsMin)
  .max(GUESTS_PER_PERSON_MAX, RULES.maxGuestsMax);

/** How many hours before the start the hosts may check guests in (until the event is over). */
const checkInOpensHoursSchema = z
  .number()
  .int(RULES.checkInOpensWhole)
  .min(0, RULES.checkInOpensMin)
  .max(CHECK_IN_OPENS_HOURS_MAX, RULES.checkInOpensMax);

/** The hosting settings POST /api/events and PATCH /api/events/{id} accept beside the event's own fields. */
export const hostingSettingsSchema = z.object({
  questions: questionsInputSchema.optional(),
  maxGuestsPerPerson: maxGuestsPerPersonSchema.optional(),
  checkInOpensHours: checkInOpensHoursSchema.optional(),
  guestList: guestListVisibilitySchema.optional(),
  waitlistMode: waitlistModeSchema.optional(),
});
export type HostingSettings = z.infer<typeof hostingSettingsSchema>;

export const answersSchema = z
  .record(questionIdSchema, textSchema().trim().max(ANSWER_TEXT_MAX))
  .refine((a) => Object.keys(a).length <= EVENT_QUESTIONS_MAX, RULES.tooManyAnswers);
export type Answers = z.infer<typeof answersSchema>;

export const guestsCountSchema = z
  .number()
  .int(RULES.guestsWhole)
  .min(0, RULES.guestsMin)
  .max(GUESTS_PER_PERSON_MAX, RULES.guestsMax);

export const cohostBodySchema = z.object({ userId: idSchema }).strict();
/** POST /api/events: people the host names as co-hosts of the event (every date of a series). */
export const cohostIdsSchema = z
  .array(idSchema)
  .max(COHOSTS_AT_CREATE_MAX, RULES.tooManyCohosts)
  .transform((ids) => [...new Set(ids)]);
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
    message: textSchema({ error: RULES.messageRequired })
      .trim()
      .min(1, RULES.messageRequired)
      .max(UPDATE_MESSAGE_MAX, RULES.messageTooLong),
    audience: z
      .array(updateAudienceSchema)
      .min(1, RULES.audienceRequired)
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

/** A going guest's ticket: the signed code its QR carries, and the short door code shown under it. */
export const ticketSchema = z.object({ code: z.string(), doorCode: z.string() });
const ticketCodeSchema = lineSchema()
  .trim()
  .min(1, RULES.ticketCodeRequired)
  .max(TICKET_CODE_MAX, messageKey(HOSTING_TEXTS, "ticketNotFound"));
/** A scanned ticket's code or its typed door code, or (ticking the guest list) the guest's id. */
export const checkInBodySchema = z.union([
  z.object({ code: ticketCodeSchema }).strict(),
  z.object({ userId: idSchema }).strict(),
]);
export type CheckInBody = z.infer<typeof checkInBodySchema>;
export const checkInSchema = z.object({ user: cohostSchema.shape.user, checkedInAt: z.string() });

/** What the event page adds for hosting: the hosts, what they ask and allow, and the viewer's own answer. */
export const hostingDetailSchema = z.object({
  cohosts: z.array(cohostSchema.shape.user),
  isCohost: z.boolean(),
  questions: z.array(eventQuestionSchema),
  maxGuestsPerPerson: z.number().int(),
  guestList: guestListVisibilitySchema,
  /** The viewer's plus-ones, answers and check-in (null before they answer). */
  viewerGuests: z.number().int().nullable(),
  /** The viewer's own answers to the questions, by question id (empty before they answer). */
  viewerAnswers: z.record(z.string(), z.string()),
  viewerCheckedIn: z.boolean(),
  waitlistMode: waitlistModeSchema,
  /** When the viewer was offered a seat from the waitlist: the time they must confirm it by. */
  viewerConfirmBy: z.string().nullable(),
});
export type HostingDetail = z.infer<typeof hostingDetailSchema>;

export const recurrenceFrequencySchema = z.enum(RECURRENCE_FREQUENCIES);
/** A series: one event per occurrence, each with its own guests and capacity. */
export const recurrenceSchema = z
  .object({
    frequency: recurrenceFrequencySchema,
    count: z
      .number()
      .int(RULES.countWhole)
      .min(SERIES_COUNT_MIN, RULES.seriesMin)
      .max(SERIES_COUNT_MAX, RULES.seriesMax),
  })
  .strict();
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** PATCH and DELETE /api/events/{id}: this occurrence only, or this and the following ones of its series. */
export const seriesScopeQuerySchema = z.object({ scope: z.enum(["one", "following"]).default("one") });
export type SeriesScope = z.infer<typeof seriesScopeQuerySchema>["scope"];

export const occurrenceSchema = z.object({ id: z.number().int(), date: z.string() });

/** An event the viewer and another person were both checked in at ("Met at <event>"). */
export const metAtSchema = z.object({ eventId: z.number().int(), title: z.string(), date: z.string() });
export const metAtParamsSchema = z.object({ id: idParamSchema });
