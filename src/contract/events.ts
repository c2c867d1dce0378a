import { z } from "zod";
import { categoryIdSchema, friendGroupIdSchema, industrySchema } from "./categories";
import {
  coordinateTextSchema,
  cursorParamSchema,
  eventDateSchema,
  idParamSchema,
  idSchema,
  lineSchema,
  textSchema,
} from "./fields";
import { groupEventTypeSchema } from "./groups";
import {
  answersSchema,
  cohostIdsSchema,
  guestsCountSchema,
  hostingDetailSchema,
  hostingSettingsSchema,
  recurrenceFrequencySchema,
  recurrenceSchema,
} from "./hosting";
import { defineTexts, formatMessage, messageByCode, messageKey } from "./i18n/texts";
import {
  DISCOVER_RADIUS_KM,
  EVENT_DESCRIPTION_MAX,
  EVENT_IDS_MAX,
  EVENT_TAGS_MAX,
  INT4_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SEARCH_QUERY_MAX,
  SHORT_TEXT_MAX,
} from "./limits";
import { matchmakingSettingsSchema } from "./matching";
import { uploadedImageSchema } from "./media";
import { decideBySchema, POLL_TEXTS, pollOptionsInputSchema } from "./polls";

export const eventTypeSchema = z.enum(["social", "networking"]);
export type EventType = z.infer<typeof eventTypeSchema>;
/** A person's answer on an event; "waitlisted": a full event queues joiners first come, first served. */
const participantStatusSchema = z.enum(["going", "declined", "pending", "waitlisted"]);
export type ParticipantStatus = z.infer<typeof participantStatusSchema>;
const interactionActionSchema = z.enum(["passed", "liked"]);
export type InteractionAction = z.infer<typeof interactionActionSchema>;

export const eventIdParamsSchema = z.object({ id: idParamSchema });

/** Small user card used inside event payloads: never the e-mail or coordinates. */
const userSummarySchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  /** The IANA zone the event's time belongs to: its place's, else its host's. */
  timezone: z.string(),
  location: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  /** The town whose centre stands in for a hand-typed place: its pin is approximate ("Around …"). */
  placeArea: z.string().nullable(),
  imageUrl: z.string().nullable(),
  type: z.string(),
  category: z.string().nullable(),
  friendGroupId: z.string().nullable(),
  hostId: z.number().int(),
  /** null means "Unlimited". */
  maxAttendees: z.number().int().nullable(),
  goingCount: z.number().int(),
  tags: z.array(z.string()),
  groupId: z.number().int().nullable(),
  groupEventType: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The series this event is an occurrence of (its first occurrence's id), and how it repeats. */
  seriesId: z.number().int().nullable(),
  recurrence: recurrenceFrequencySchema.nullable(),
  /** Whether its guests may find people to meet and book meetings, how long those last, and where. */
  matchmaking: z.boolean(),
  meetingSlotMinutes: z.number().int(),
  meetingSpots: z.array(z.string()),
});
export type Event = z.infer<typeof eventSchema>;

const feedItemSchema = eventSchema.extend({
  host: userSummarySchema.nullable(),
  /** The event's co-hosts, listed on the card with its host. */
  cohosts: z.array(userSummarySchema),
  /** Up to AVATAR_STACK_MAX going attendees; attendeeCount is the full number. */
  attendees: z.array(userSummarySchema),
  attendeeCount: z.number().int(),
  friendsGoing: z.number().int(),
  distanceKm: z.number().nullable(),
  /** The transparent match score and at most two reasons behind it. */
  score: z.number(),
  reasons: z.array(z.string()).max(2),
  /** What answering asks for, so a card's Going or Apply can ask the host's questions first. */
  ...hostingDetailSchema.pick({ questions: true, maxGuestsPerPerson: true }).shape,
});
export type FeedItem = z.infer<typeof feedItemSchema>;

const categoryCountsSchema = z.record(z.string(), z.number().int());

export const feedResponseSchema = z.object({
  events: z.array(feedItemSchema),
  nextCursor: z.string().nullable(),
  counts: categoryCountsSchema,
});
export type FeedResponse = z.infer<typeof feedResponseSchema>;

const coordinate = (min: number, max: number) => z.coerce.number().min(min).max(max);

const freeWindowSchema = z.enum(["today", "weekend", "week"]);
export type FreeWindow = z.infer<typeof freeWindowSchema>;

export const feedQuerySchema = z.object({
  type: eventTypeSchema.default("social"),
  free: freeWindowSchema.optional(),
  filter: categoryIdSchema.optional(),
  lat: coordinate(-90, 90).optional(),
  lng: coordinate(-180, 180).optional(),
  radius: z.coerce.number().positive().max(20_000).default(DISCOVER_RADIUS_KM),
  q: lineSchema().trim().max(SEARCH_QUERY_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** What the event schemas answer for a field they refuse: the create form and the server's 400s show them. */
export const EVENT_RULE_TEXTS = defineTexts("eventRules", {
  dateInPast: "Date cannot be in the past",
  dateRequired: "Date is required",
  titleRequired: "Title is required",
  descriptionRequired: "Description is required",
  titleTooLong: `A title is at most ${SHORT_TEXT_MAX} characters`,
  descriptionTooLong: `A description is at most ${EVENT_DESCRIPTION_MAX} characters`,
  locationTooLong: `A location is at most ${SHORT_TEXT_MAX} characters`,
  maxAttendeesWhole: "maxAttendees must be a whole number",
  maxAttendeesMin: "maxAttendees must be at least 1",
});

const notPast = (iso: string) => Date.parse(iso) >= Date.now() - 60_000;
const dateField = eventDateSchema().refine(notPast, messageKey(EVENT_RULE_TEXTS, "dateInPast"));
const title = lineSchema({ error: messageKey(EVENT_RULE_TEXTS, "titleRequired") })
  .trim()
  .min(1, messageKey(EVENT_RULE_TEXTS, "titleRequired"))
  .max(SHORT_TEXT_MAX, messageKey(EVENT_RULE_TEXTS, "titleTooLong"));
const location = lineSchema().trim().max(SHORT_TEXT_MAX, messageKey(EVENT_RULE_TEXTS, "locationTooLong"));
/** A cap on attendees: at least 1, and it fits the int4 column. */
const maxAttendees = z
  .number()
  .int(messageKey(EVENT_RULE_TEXTS, "maxAttendeesWhole"))
  .min(1, messageKey(EVENT_RULE_TEXTS, "maxAttendeesMin"))
  .max(INT4_MAX);
const description = textSchema({ error: messageKey(EVENT_RULE_TEXTS, "descriptionRequired") })
  .trim()
  .min(1, messageKey(EVENT_RULE_TEXTS, "descriptionRequired"))
  .max(EVENT_DESCRIPTION_MAX, messageKey(EVENT_RULE_TEXTS, "descriptionTooLong"));
const tags = z.array(lineSchema().trim().min(1).max(40)).max(EVENT_TAGS_MAX);

/**
 * The town a picked city stands for when the place was typed by hand: the pin is that town's centre,
 * so the event says "Around <town>" and Open in Maps searches the typed address instead.
 */
const placeAreaSchema = lineSchema().trim().min(1).max(SHORT_TEXT_MAX);

/** The body the Create New Event dialog sends (the dialog checks its fields with it before sending). */
export const createEventBodySchema = z.object({
  title,
  description,
  date: dateField,
  location: location.default(""),
  hostId: idSchema,
  type: eventTypeSchema,
  friendGroupId: friendGroupIdSchema.optional(),
  category: industrySchema.optional(),
  maxAttendees: maxAttendees.nullable().optional(),
  imageUrl: uploadedImageSchema("The cover").nullable().optional(),
  tags: tags.optional(),
  latitude: coordinateTextSchema(90).optional(),
  longitude: coordinateTextSchema(180).optional(),
  placeArea: placeAreaSchema.optional(),
  ...hostingSettingsSchema.shape,
  ...matchmakingSettingsSchema.shape,
  recurrence: recurrenceSchema.optional(),
  cohostIds: cohostIdsSchema.optional(),
});
export type CreateEventBody = z.infer<typeof createEventBodySchema>;

/**
 * The body of a group's plan: the host is the signed-in member of groupId. With `options`
 * (2..6 dates, each with an optional place) and `decideBy` it is a poll, and `date` may be left out.
 */
export const createGroupEventBodySchema = z
  .object({
    title,
    description: textSchema()
      .trim()
      .max(EVENT_DESCRIPTION_MAX, messageKey(EVENT_RULE_TEXTS, "descriptionTooLong"))
      .default(""),
    date: dateField.optional(),
    type: groupEventTypeSchema.default("social"),
    location: location.default(""),
    groupId: idSchema,
    options: pollOptionsInputSchema.optional(),
    decideBy: decideBySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.options) {
      if (!body.date)
        ctx.addIssue({ code: "custom", path: ["date"], message: messageKey(EVENT_RULE_TEXTS, "dateRequired") });
      return;
    }
    if (!body.decideBy) {
      ctx.addIssue({ code: "custom", path: ["decideBy"], message: messageKey(POLL_TEXTS, "decideByRequired") });
      return;
    }
    const earliest = Math.min(...body.options.map((o) => Date.parse(o.date)));
    if (Date.parse(body.decideBy) > earliest) {
      ctx.addIssue({ code: "custom", path: ["decideBy"], message: messageKey(POLL_TEXTS, "decideByAfterOption") });
    }
  });
export type CreateGroupEventBody = z.infer<typeof createGroupEventBodySchema>;
export type CreateGroupEventInput = z.input<typeof createGroupEventBodySchema>;

/**
 * POST /api/events takes either payload; a body with groupId is group planning. A failed union
 * reports the field error of the branch the body was meant for, not zod's bare "Invalid input".
 */
export const createAnyEventBodySchema = z.union([createGroupEventBodySchema.strict(), createEventBodySchema.strict()], {
  error: (issue) => {
    const input = issue.input as Record<string, unknown> | undefined;
    const branches = (issue as { errors?: Array<Array<{ path: PropertyKey[]; message: string }>> }).errors;
    const chosen = branches?.[input && typeof input === "object" && "groupId" in input ? 0 : 1]?.[0];
    if (!chosen) return undefined;
    // A contract text's code stays a code, for the answer to be written by it; zod's own words get their field.
    const isCode = messageByCode(null, chosen.message) !== undefined;
    return isCode || !chosen.path.length ? chosen.message : `${chosen.path.join(".")}: ${chosen.message}`;
  },
});

export const updateEventBodySchema = z
  .object({
    title,
    description,
    date: dateField,
    location,
    latitude: coordinateTextSchema(90),
    longitude: coordinateTextSchema(180),
    placeArea: placeAreaSchema.nullable(),
    imageUrl: uploadedImageSchema("The cover").nullable(),
    maxAttendees: maxAttendees.nullable(),
    tags,
  })
  .partial()
  .extend(hostingSettingsSchema.shape)
  .extend(matchmakingSettingsSchema.shape);
export type UpdateEventBody = z.infer<typeof updateEventBodySchema>;

export const interactionBodySchema = z.object({ action: interactionActionSchema });

export const participantBodySchema = z.object({
  eventId: idSchema,
  userId: idSchema,
  status: participantStatusSchema,
  /** Answers to the event's questions, by question id, with going or applying. */
  answers: answersSchema.optional(),
  /** Plus-ones (up to the event's maxGuestsPerPerson); each takes a seat. */
  guests: guestsCountSchema.optional(),
});
export type ParticipantBody = z.infer<typeof participantBodySchema>;

export const participantSchema = z.object({
  eventId: z.number().int(),
  userId: z.number().int(),
  status: participantStatusSchema,
});

const idList = z
  .string()
  .max(EVENT_IDS_MAX * 11, `at most ${EVENT_IDS_MAX} ids`)
  .regex(/^\d{1,10}(,\d{1,10})*$/, "must be comma-separated ids")
  .transform((v) => v.split(",").map(Number))
  .refine((ids) => ids.length <= EVENT_IDS_MAX, `at most ${EVENT_IDS_MAX} ids`)
  .refine((ids) => ids.every((id) => id >= 1 && id <= INT4_MAX), "must be comma-separated ids")
  .transform((ids) => [...new Set(ids)]);
export const participantsQuerySchema = z.object({ eventIds: idList });
export const usersQuerySchema = z.object({
  ids: idList.optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: cursorParamSchema.optional(),
});

export const requestDecisionBodySchema = z.object({ decision: z.enum(["approve", "decline"]) });
export const requestParamsSchema = z.object({ id: idParamSchema, userId: idParamSchema });
export const pendingRequestSchema = z.object({
  eventId: z.number().int(),
  user: userSummarySchema,
  requestedAt: z.string(),
  answers: z.record(z.string(), z.string()),
  guests: z.number().int(),
});

export const eventDetailSchema = eventSchema.extend({
  host: userSummarySchema.nullable(),
  /** Who is going, as far as the viewer may see (none while `guestListHidden`), each with the plus-ones they bring ("+1"). */
  attendees: z.array(userSummarySchema.extend({ guests: z.number().int() })),
  attendeeCount: z.number().int(),
  /** The hosts keep who is going from this viewer: `attendees` is empty, the count still stands. */
  guestListHidden: z.boolean(),
  viewerStatus: participantStatusSchema.nullable(),
  /** 1-based place in the waitlist when the viewer is waitlisted. */
  waitlistPosition: z.number().int().nullable(),
  isHost: z.boolean(),
  ...hostingDetailSchema.shape,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const myEventSchema = eventSchema.extend({
  role: z.enum(["host", "participant"]),
  status: participantStatusSchema.nullable(),
});
export type MyEvent = z.infer<typeof myEventSchema>;
/** GET /api/events/user: the events a person hosts or attends. */
export const myEventsSchema = z.array(myEventSchema);
export const userEventsQuerySchema = z.object({ userId: idParamSchema.optional() });
export const userEventsByIdQuerySchema = z.object({ status: participantStatusSchema.optional() });

/** Which My Events list an event goes in: Hosting, then Going, otherwise Pending. */
export function myEventGroup(event: Pick<MyEvent, "role" | "status">): "hosting" | "going" | "pending" {
  if (event.role === "host") return "hosting";
  if (event.status === "going") return "going";
  return "pending";
}

/** Texts the discover screen and the event dialog show. */
export const EVENT_TEXTS = defineTexts("events", {
  full: "This event is full",
  /** Instead of a list the viewer may not see, under the count of those going. */
  guestListPrivate: "{going} going — the hosts keep the guest list private",
  noAttendees: "No one has joined yet.",
});

/** The guest list's note in English (the server's tests and pages); screens translate EVENT_TEXTS.guestListPrivate. */
export function guestListPrivateText(going: number): string {
  return formatMessage("en", EVENT_TEXTS.guestListPrivate, { going });
}

/** What the create and edit dialogs say under a required field left empty. */
export const CREATE_EVENT_MISSING_TEXTS = defineTexts("createEventMissing", {
  title: "Give the event a name",
  date: "Pick a day",
  time: "Pick a time",
  description: "Say what the plan is",
});
