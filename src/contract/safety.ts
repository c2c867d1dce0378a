import { z } from "zod";
import { idParamSchema, idSchema, textSchema } from "./fields";
import { REPORT_REASONS } from "./safety-texts";
import { publicUserSchema } from "./users";

export {
  BLOCK_TEXTS,
  MESSAGE_REMOVED_TEXT,
  type ReportReason,
  SAFETY_TEXTS,
} from "./safety-texts";

/** What a report can be about, and why (a bounded choice; free text only as details). */
const REPORT_TARGET_TYPES = ["user", "message", "event"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_DETAILS_MAX = 1000;
/** Reports one person may file per hour (shared by every instance through app.rateLimits). */
export const REPORTS_PER_HOUR = 20;
/** Open reports the moderation page lists at once (oldest first). */
export const ADMIN_REPORTS_PAGE_MAX = 100;

/** How much of an address's keyed hash a moderator sees: enough to tell two addresses apart, no more. */
export const EMAIL_HASH_SHOWN = 12;

/**
 * A block. `keepEvents` (default true) keeps the blocker's place at someone else's upcoming events the other
 * person co-hosts; false leaves them too. Events the other person hosts are always left.
 */
export const blockBodySchema = z.object({ userId: idSchema, keepEvents: z.boolean().optional() });
/** An upcoming event a block concerns, as the block dialog names it. */
const blockEventSchema = z.object({ id: z.number().int(), title: z.string(), date: z.string() });
/**
 * What blocking someone would do to one's upcoming answers: `leaving`, the events they host (always left);
 * `keepable`, someone else's events they co-host (kept unless the block says `keepEvents: false`).
 */
export const blockEventsSchema = z.object({ leaving: z.array(blockEventSchema), keepable: z.array(blockEventSchema) });
export type BlockEvents = z.infer<typeof blockEventsSchema>;
export const blockedUserSchema = publicUserSchema.extend({ blockedAt: z.string() });
export const userIdParamsSchema = z.object({ userId: idParamSchema });

export const reportBodySchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: idSchema,
    reason: z.enum(REPORT_REASONS),
    details: textSchema().trim().max(REPORT_DETAILS_MAX).optional(),
  })
  .strict();
export type ReportBody = z.infer<typeof reportBodySchema>;

const summarySchema = z.object({ id: z.number().int(), fullName: z.string(), username: z.string() });

/** One open report with the context a moderator needs to decide. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
  /** Null when the reporter deleted their account since: the report stays, from a deleted account. */
  reporter: summarySchema.nullable(),
  /** The person reported, or the author of the message, or the host of the event. */
  subject: summarySchema.extend({ suspended: z.boolean() }).nullable(),
  message: z
    .object({ id: z.number().int(), groupId: z.number().int(), text: z.string(), hidden: z.boolean() })
    .nullable(),
  event: z.object({ id: z.number().int(), title: z.string(), hidden: z.boolean() }).nullable(),
  /**
   * The subject deleted their account (subject, message and event are then null): when, the start of a
   * keyed hash of their e-mail (the same for every report about that address), and the live account that
   * registered with the same address since, if any.
   */
  deletedSubject: z
    .object({
      deletedAt: z.string(),
      emailHash: z.string().max(EMAIL_HASH_SHOWN),
      sameAddressNow: summarySchema.nullable(),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const hiddenBodySchema = z.object({ hidden: z.boolean() }).strict();
export const suspendedBodySchema = z.object({ suspended: z.boolean() }).strict();
export const idParamsSchema = z.object({ id: idParamSchema });
