import { z } from "zod";
import { eventDateSchema, idParamSchema, idSchema, lineSchema, textSchema } from "./fields";
import {
  MATCH_REASON_KINDS,
  MATCHES_MAX,
  MATCHING_RULES_TEXTS,
  MEETING_NOTE_MAX,
  MEETING_SLOT_MINUTES,
  MEETING_SPOT_MAX,
  MEETING_SPOTS_MAX,
  MEETING_STATUSES,
  PHRASE_MAX,
  PHRASES_MAX,
  REQUEST_STATES,
} from "./matching-texts";

const RULES = MATCHING_RULES_TEXTS;

/** Keeps the first of phrases that differ only in case: "Seed investors" and "seed investors" are one. */
const withoutDuplicates = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((item) => {
    const key = item.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** What a person offers or seeks: up to PHRASES_MAX phrases of 1-PHRASE_MAX characters after trimming. */
const phrasesSchema = z
  .array(lineSchema().trim().min(1, RULES.phraseRequired).max(PHRASE_MAX, RULES.phraseTooLong))
  .max(PHRASES_MAX, RULES.tooManyPhrases)
  .transform(withoutDuplicates);

/** The profile's phrases (GET /api/user, PATCH /api/users/{id}): each event's start from them. */
export const profilePhrasesFields = { offering: phrasesSchema, seeking: phrasesSchema };

const slotMinutesSchema = z.union(
  MEETING_SLOT_MINUTES.map((m) => z.literal(m)),
  { error: RULES.slotMinutes },
);
const spotsSchema = z
  .array(lineSchema().trim().min(1, RULES.spotRequired).max(MEETING_SPOT_MAX, RULES.spotTooLong))
  .max(MEETING_SPOTS_MAX, RULES.tooManySpots)
  .transform(withoutDuplicates);

/**
 * What POST /api/events and PATCH /api/events/{id} accept for matchmaking: on by default for a networking
 * event, off for a social one; meetings of 10, 15, 20 or 30 minutes (15 by default), at named spots.
 */
export const matchmakingSettingsSchema = z.object({
  matchmaking: z.boolean().optional(),
  meetingSlotMinutes: slotMinutesSchema.optional(),
  meetingSpots: spotsSchema.optional(),
});

/** PUT /api/events/{id}/matching: a phrase list left out stays as it was. */
export const matchingBodySchema = z
  .object({ visible: z.boolean(), offering: phrasesSchema.optional(), seeking: phrasesSchema.optional() })
  .strict();
export type MatchingBody = z.infer<typeof matchingBodySchema>;
export const matchingSchema = z.object({
  visible: z.boolean(),
  offering: z.array(z.string()),
  seeking: z.array(z.string()),
});
export type Matching = z.infer<typeof matchingSchema>;

const reasonSchema = z.object({ kind: z.enum(MATCH_REASON_KINDS), text: z.string() });

/** GET /api/events/{id}/matches: the best MATCHES_MAX people to meet, with a 0-100 score and why. */
export const matchesSchema = z.object({
  matches: z
    .array(
      z.object({
        user: z.object({
          id: z.number().int(),
          fullName: z.string(),
          username: z.string(),
          profileImage: z.string().nullable(),
          profession: z.string(),
        }),
        score: z.number().int().min(0).max(100),
        reasons: z.array(reasonSchema),
        request: z.enum(REQUEST_STATES),
      }),
    )
    .max(MATCHES_MAX),
});
export type Match = z.infer<typeof matchesSchema>["matches"][number];

const personSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
});

const meetingSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  requester: personSchema,
  invitee: personSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  spot: z.string().nullable(),
  note: z.string(),
  status: z.enum(MEETING_STATUSES),
  /** Who proposed the current time: the other person accepts or declines it. */
  proposedBy: z.number().int(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** POST /api/events/{id}/meetings. */
export const meetingRequestBodySchema = z
  .object({
    withUserId: idSchema,
    startsAt: eventDateSchema(),
    note: textSchema().trim().max(MEETING_NOTE_MAX, RULES.noteTooLong).optional(),
  })
  .strict();
export type MeetingRequestBody = z.infer<typeof meetingRequestBodySchema>;

/** PATCH /api/meetings/{id}: an answer or a cancellation, or a new time (back to pending for the other person). */
export const meetingChangeBodySchema = z.union(
  [
    z.object({ status: z.enum(["accepted", "declined", "canceled"]) }).strict(),
    z.object({ startsAt: eventDateSchema() }).strict(),
  ],
  { error: RULES.oneChange },
);
export type MeetingChangeBody = z.infer<typeof meetingChangeBodySchema>;

export const meetingIdParamsSchema = z.object({ id: idParamSchema });
export const meetingEnvelopeSchema = z.object({ meeting: meetingSchema });
export const meetingsSchema = z.object({ meetings: z.array(meetingSchema) });

/** GET /api/events/{id}/meeting-slots: the event's times, each taken when you or the other person hold it. */
export const meetingSlotsQuerySchema = z.object({ withUserId: idParamSchema.optional() });
export const meetingSlotsSchema = z.object({
  slots: z.array(z.object({ startsAt: z.string(), endsAt: z.string(), taken: z.boolean() })),
});

/** GET /api/events/{id}/meeting-stats: counts only, never who meets whom. */
export const meetingStatsSchema = z.object({
  optedIn: z.number().int(),
  requests: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  canceled: z.number().int(),
});
