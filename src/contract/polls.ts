import { z } from "zod";
import { eventDateSchema, idSchema, lineSchema } from "./fields";
import { voteCountsSchema, voteValueSchema } from "./groups";
import { defineTexts, messageKey } from "./i18n/texts";
import { SHORT_TEXT_MAX } from "./limits";

/**
 * A group plan can offer several dates (and places) that members vote on; it decides itself at
 * `decideBy`, when every member voted on every option, or when an admin locks it.
 */
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 6;
/** Members who have not voted are nudged this long before the poll closes. */
export const POLL_NUDGE_BEFORE_MS = 24 * 3_600_000;
/** How often a worker looks for polls to nudge or decide: a poll closes at most this late. */
export const POLL_SWEEP_MS = 30_000;

export const POLL_TEXTS = defineTexts("poll", {
  optionsCount: `A poll offers ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`,
  decideByRequired: "decideBy is required with options",
  decideByPast: "decideBy must be in the future",
  optionDateInPast: "Date cannot be in the past",
  decideByAfterOption: "decideBy must come before the earliest option",
  sameOption: "Two options have the same date and place",
  optionNotFound: "Option not found",
  notAPoll: "This plan has no options to vote on",
  decided: "This poll is decided",
  nudgeTitle: "Your vote is missing",
  nudge: "Vote on the options for {title}: it decides itself in a day.",
  resultTitle: "Plan decided",
  resultGoing: "{title} is on {when}. You voted yes, so you're going.",
  resultAsk: "{title} is on {when}. Are you going?",
  lock: "Decide now",
  /** What decides a poll, said on its card: the rule of outcomeSettled and pickWinner. */
  decidesWhen:
    "Decides as soon as one option can't be overtaken (most Yes, then most Maybe, then the earliest), or on {deadline}",
  /** The same, for a poll without a deadline. */
  decidesAtDeadline:
    "Decides as soon as one option can't be overtaken (most Yes, then most Maybe, then the earliest), or on its deadline",
  decidesHint:
    "Members who haven't voted are reminded a day before. It decides sooner once one option can't be overtaken.",
});

const notPast = (iso: string) => Date.parse(iso) >= Date.now() - 60_000;

const pollOptionInputSchema = z.object({
  date: eventDateSchema().refine(notPast, messageKey(POLL_TEXTS, "optionDateInPast")),
  location: lineSchema().trim().max(SHORT_TEXT_MAX).default(""),
});
export const pollOptionsInputSchema = z
  .array(pollOptionInputSchema)
  .min(POLL_OPTIONS_MIN, messageKey(POLL_TEXTS, "optionsCount"))
  .max(POLL_OPTIONS_MAX, messageKey(POLL_TEXTS, "optionsCount"))
  .refine(
    (options) => new Set(options.map((o) => `${Date.parse(o.date)}|${o.location}`)).size === options.length,
    messageKey(POLL_TEXTS, "sameOption"),
  );
export const decideBySchema = eventDateSchema("decideBy is required").refine(
  (iso) => Date.parse(iso) > Date.now(),
  messageKey(POLL_TEXTS, "decideByPast"),
);

const voterSchema = z.object({ id: z.number().int(), fullName: z.string(), vote: voteValueSchema });
export type Voter = z.infer<typeof voterSchema>;

const pollOptionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  location: z.string(),
  votes: voteCountsSchema,
  voters: z.array(voterSchema),
  myVote: voteValueSchema.nullable(),
});

/**
 * GET /api/groups/{id}/events/{eventId}: a group plan as its chat card shows it. A plan with one date
 * has no options and is voted on as a whole (`votes`, `voters`, `myVote`); a poll's `date` and
 * `location` are its winner's once `decided`.
 */
export const groupPlanSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  hostId: z.number().int(),
  hostName: z.string(),
  date: z.string(),
  location: z.string(),
  votes: voteCountsSchema,
  voters: z.array(voterSchema),
  myVote: voteValueSchema.nullable(),
  options: z.array(pollOptionSchema),
  decideBy: z.string().nullable(),
  decided: z.boolean(),
  winnerOptionId: z.number().int().nullable(),
  memberCount: z.number().int(),
});
export type GroupPlan = z.infer<typeof groupPlanSchema>;

/** The chat message that carries a plan's card: the server writes it, nobody can send one. */
export const planCardReferenceSchema = z.object({ kind: z.literal("plan"), eventId: idSchema });
