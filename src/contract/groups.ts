import { z } from "zod";
import { chatMessageSchema } from "./chat";
import { calendarDaySchema, idParamSchema, idSchema, lineSchema, textSchema } from "./fields";
import { defineTexts, messageKey } from "./i18n/texts";
import { INT4_MAX, NAME_MAX } from "./limits";
import { uploadedImageSchema } from "./media";
import { TIME_SLOTS, timeSlotIdSchema } from "./time-slots";

/** Description of a group; the product's rules give no bound, this keeps a card readable. */
export const GROUP_DESCRIPTION_MAX = 1000;
/**
 * Private groups get a first invite link at creation. Seven days and fifty uses: long enough
 * to pass around a friend circle, short enough that a leaked link dies on its own.
 */
export const DEFAULT_INVITE_EXPIRES_HOURS = 7 * 24;
export const DEFAULT_INVITE_MAX_USES = 50;
/** Admin-made invite links: at most 30 days, at most 1000 uses. */
const INVITE_EXPIRES_HOURS_MAX = 30 * 24;
const INVITE_MAX_USES_MAX = 1000;

export const GROUP_TEXTS = defineTexts("group", {
  nameRequired: "Group name is required",
  mustBeLoggedIn: "You must be logged in to create a group",
  created: "Group created!",
  privateCreated: "Private group created!",
  createFailed: "Failed to create group",
  notMember: "You are not a member of this group",
  adminOnly: "Only a group admin can do that",
});

export const groupIdParamsSchema = z.object({ id: idParamSchema });

/** A member's role in a group: admins manage members and invite links. */
const groupRoleSchema = z.enum(["admin", "member"]);
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** A group as the My Groups list shows it ("image" is the list's name for imageUrl). */
export const groupListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPrivate: z.boolean(),
  isDirect: z.boolean(),
  /** The event whose guests' conversation this group is; null for an ordinary group or a direct conversation. */
  eventId: z.number().int().nullable(),
  inviteCode: z.string().nullable(),
  /** The member count. */
  members: z.number().int(),
  role: groupRoleSchema,
  unreadCount: z.number().int(),
  lastMessage: chatMessageSchema.nullable(),
});
export type GroupListItem = z.infer<typeof groupListItemSchema>;

export const createGroupBodySchema = z.object({
  name: lineSchema({ error: messageKey(GROUP_TEXTS, "nameRequired") })
    .trim()
    .min(1, messageKey(GROUP_TEXTS, "nameRequired"))
    .max(NAME_MAX),
  description: textSchema().trim().max(GROUP_DESCRIPTION_MAX).default(""),
  imageUrl: uploadedImageSchema("The group photo").nullable().optional(),
  isPrivate: z.boolean().default(false),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;
/** A group as creating it (or opening a direct message) answers. */
export const createdGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  isPrivate: z.boolean(),
  isDirect: z.boolean(),
  inviteCode: z.string().nullable(),
});
export type CreatedGroup = z.infer<typeof createdGroupSchema>;

export const groupMemberSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  role: groupRoleSchema,
  joinedAt: z.string(),
});

export const groupInvitationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  currentUses: z.number().int(),
  createdBy: z.number().int().nullable(),
});

export const createInviteBodySchema = z.object({
  expiresInHours: z.number().int().min(1).max(INVITE_EXPIRES_HOURS_MAX).default(DEFAULT_INVITE_EXPIRES_HOURS),
  maxUses: z.number().int().min(1).max(INVITE_MAX_USES_MAX).default(DEFAULT_INVITE_MAX_USES),
});

export const directGroupBodySchema = z.object({ userId: idSchema });

/** What the invite page says about an invite it cannot use (GET /api/group-invite/{code}). */
export const INVITE_TEXTS = defineTexts("invite", {
  expired: "This invite has expired",
  usedUp: "This invite has reached its usage limit",
  notFoundTitle: "Invite Not Found",
  notFound: "This invite link is invalid, expired, or has reached its usage limit.",
  joined: "Success! You've joined the group",
  joinFailed: "Failed to join group",
  alreadyMember: "You're already a member",
  invited: "You're invited to join",
  invitedBy: "{name} invited you to join",
  openGroup: "Open group",
  tooMany: "Too many requests, try again in {seconds} s",
  error: "Error",
  members: "{count, plural, one {# member} other {# members}}",
  expires: "Expires {date}",
  join: "Join {name}",
  cancel: "Cancel",
});

export const inviteViewSchema = z.object({
  group: z.object({
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    memberCount: z.number().int(),
  }),
  invite: z.object({
    expiresAt: z.string(),
    maxUses: z.number().int(),
    currentUses: z.number().int(),
  }),
  /** Who made the invite ("Priya Shah invited you"); null once their account is gone. */
  invitedBy: z.object({ fullName: z.string(), profileImage: z.string().nullable() }).nullable(),
  /** Only when the viewer has a session: whether they already belong to the group. */
  isMember: z.boolean().optional(),
  /** Only for a viewer who is a member (they know the group already): where "Open group" leads. */
  groupId: z.number().int().optional(),
});
export type InviteView = z.infer<typeof inviteViewSchema>;
/** Invite lookups and joins per client address per minute: codes are 96 random bits, guessing stays pointless. */
export const INVITE_LOOKUPS_PER_MINUTE = 60;
export const inviteCodeParamsSchema = z.object({ code: lineSchema().min(1).max(64) });
export const joinInviteResultSchema = z.object({ group: z.object({ id: z.number().int(), name: z.string() }) });

/** The kinds of plan a group makes; a plan is social unless another is picked. */
export const GROUP_EVENT_TYPES = ["social", "professional", "entertainment", "sports", "education"] as const;
export const groupEventTypeSchema = z.enum(GROUP_EVENT_TYPES);
export type GroupEventType = z.infer<typeof groupEventTypeSchema>;
export const GROUP_EVENT_TEXTS = defineTexts("groupEvent", {
  titleRequired: "Event title is required",
  noGroup: "No group selected",
  noGroupDescription: "Please select a group to create an event for",
  created: "Event created!",
  /** A poll is not an event yet: its toast says what was made and what happens next. */
  pollCreated: "Poll sent to the group",
  createFailed: "Failed to create event",
});

export const VOTE_VALUES = ["yes", "no", "maybe"] as const;
export const voteValueSchema = z.enum(VOTE_VALUES);
export type VoteValue = z.infer<typeof voteValueSchema>;
export const voteCountsSchema = z.object({ yes: z.number().int(), no: z.number().int(), maybe: z.number().int() });
export type VoteCounts = z.infer<typeof voteCountsSchema>;

export const groupEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  /** The IANA zone the plan's time belongs to (its planner's). */
  timezone: z.string(),
  type: z.string(),
  location: z.string(),
  groupId: z.number().int(),
  votes: voteCountsSchema,
  myVote: voteValueSchema.nullable(),
  /** A poll: voted on option by option (GET /api/groups/{id}/events/{eventId}), not as a whole. */
  isPoll: z.boolean(),
});
export type GroupEvent = z.infer<typeof groupEventSchema>;
/** A vote on a plan, or with `optionId` on one option of a poll. */
export const voteBodySchema = z.object({ vote: voteValueSchema, optionId: idSchema.optional() });
export const voteResultSchema = z.object({
  eventId: z.number().int(),
  optionId: z.number().int().optional(),
  votes: voteCountsSchema,
});
export const groupEventParamsSchema = z.object({ id: idParamSchema, eventId: idParamSchema });

/**
 * A group's availability is its members' own published availability (My Availability's eight slots):
 * one system, so a time marked in a group is marked in My Availability and the other way round.
 */
export const GROUP_AVAILABILITY_TEXTS = defineTexts("groupAvailability", {
  dateRequired: "Date is required",
  slotRequired: "Please select at least one time slot",
  saved: "Availability saved",
  saveFailed: "Failed to save availability",
  nobody: "Nobody has shared availability for this day yet.",
  date: "Date",
  whenFree: "When are you free?",
  savedEverywhere: "Saved to My Availability: every group sees it.",
  save: "Save Availability",
  overlap: "Group overlap",
  whosFree: "Who's free",
  members: "{count, plural, other {# members}}",
  best: "Best time: {slots} ({count} of {total} free)",
  error: "Error",
});
export const groupAvailabilityBodySchema = z.object({
  date: z
    .string({ error: messageKey(GROUP_AVAILABILITY_TEXTS, "dateRequired") })
    .min(1, messageKey(GROUP_AVAILABILITY_TEXTS, "dateRequired"))
    .pipe(calendarDaySchema("Date must be yyyy-MM-dd")),
  timeslots: z
    .array(timeSlotIdSchema, { error: messageKey(GROUP_AVAILABILITY_TEXTS, "slotRequired") })
    .min(1, messageKey(GROUP_AVAILABILITY_TEXTS, "slotRequired"))
    .max(TIME_SLOTS.length),
});
export type GroupAvailabilityBody = z.infer<typeof groupAvailabilityBodySchema>;
export const groupAvailabilityQuerySchema = z.object({
  date: calendarDaySchema("Date must be yyyy-MM-dd").optional(),
});
const freeMemberSchema = z.object({ id: z.number().int(), fullName: z.string() });
/** Who is free in each slot on a date, best times first, plus the slots where the most members are free. */
export const groupAvailabilitySchema = z.object({
  date: z.string(),
  memberCount: z.number().int(),
  mine: z.array(timeSlotIdSchema),
  /** Every slot of the day, the most members free first (ties in the day's order). */
  slots: z.array(z.object({ slot: timeSlotIdSchema, count: z.number().int(), users: z.array(freeMemberSchema) })),
  /** The slots with the highest count (empty when nobody answered). */
  best: z.array(timeSlotIdSchema),
});
export type GroupAvailability = z.infer<typeof groupAvailabilitySchema>;

/** How far ahead a plan form looks for times most members are free: two weeks, at most a month. */
const BEST_TIMES_DAYS_DEFAULT = 14;
const BEST_TIMES_DAYS_MAX = 31;
export const BEST_TIMES_LIMIT = 6;
export const groupBestTimesQuerySchema = z.object({
  from: calendarDaySchema("from must be yyyy-MM-dd").optional(),
  days: z.coerce.number().int().min(1).max(BEST_TIMES_DAYS_MAX).default(BEST_TIMES_DAYS_DEFAULT),
});
/** The days and slots most members published as free, most first, then earliest. */
export const groupBestTimesSchema = z.object({
  memberCount: z.number().int(),
  times: z.array(
    z.object({ date: z.string(), slot: timeSlotIdSchema, count: z.number().int(), users: z.array(freeMemberSchema) }),
  ),
});
export type GroupBestTimes = z.infer<typeof groupBestTimesSchema>;

export const markReadBodySchema = z.object({ messageId: z.number().int().min(0).max(INT4_MAX).optional() });
