import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import type { AdminReport, BlockEvents, ReportBody } from "#contract/safety";
import { EMAIL_HASH_SHOWN, SAFETY_TEXTS } from "#contract/safety";
import { HttpError } from "#server/http/http-error";
import { reportEmailKey, type StoredKeys } from "./report-email-key";
import type { SafetyRepository, Tx } from "./repository";

/** Only the columns a report's visibility check reads; the events module owns the row. */
interface ReportableEvent {
  hostId: number;
  groupId: number | null;
  hiddenAt: Date | null;
}

/** Blocks, reports and the moderators' actions. */
export function safetyService(deps: {
  repo: SafetyRepository;
  /** Whether an account exists (the users module's; imported by type it would close a cycle through BlockReads). */
  users: { findById(id: number): Promise<unknown> };
  findEvent: (id: number) => Promise<ReportableEvent | undefined>;
  isGroupMember: (groupId: number, userId: number) => Promise<boolean>;
  /** Where the key of the e-mail hash kept on reports about a deleted account lives. */
  keys: StoredKeys;
  /** The follows module's: a block ends following both ways, in the block's own transaction. */
  endFollowsAcrossBlock: (tx: Tx, blockerId: number, blockedId: number) => Promise<void>;
  /** The friends module's: a block ends any friendship or request between the two. */
  endFriendship: (a: number, b: number) => Promise<void>;
  /** The participants module's: each leaves the events the other hosts; the blocker, if they chose, the ones they co-host. */
  releaseAcrossBlock: (blockerId: number, blockedId: number, choice: { keepEvents: boolean }) => Promise<void>;
  /** The participants module's: the blocker's upcoming events a block would leave, and those it may keep. */
  eventsAcrossBlock: (blockerId: number, otherId: number) => Promise<BlockEvents>;
  /** The matching module's: the meetings between the two are canceled (the one blocked is told, not why). */
  cancelMeetingsAcrossBlock: (blockerId: number, blockedId: number) => Promise<void>;
  /** The events module's moderation switch; false for no such event. */
  setEventHidden: (id: number, hidden: boolean) => Promise<boolean>;
  /** The chat module's moderation switch; false for no such message. */
  setMessageHidden: (id: number, hidden: boolean) => Promise<boolean>;
  /** The users module's suspension switch; false for no such account. */
  setSuspendedFlag: (userId: number, suspended: boolean) => Promise<boolean>;
  /** The auth module's: every session of the account ends, its sockets closed on every instance. */
  endSessionsOf: (userId: number) => Promise<void>;
  /** The groups the person is in (the groups module's): a suspended host's guests lose their conversations. */
  groupIdsOf: (userId: number) => Promise<number[]>;
  /** Open sockets are checked again at once wherever access may have ended (the visibility module's). */
  accessEnded: (scope: { people?: number[]; events?: number[]; groups?: number[] }) => Promise<void>;
}) {
  const { repo } = deps;
  return {
    listBlocked(userId: number, limit: number) {
      return repo.listBlocked(userId, limit);
    },

    /** Blocks `otherId`; the blocker keeps their place at someone else's events the other co-hosts unless `keepEvents` is false. */
    async block(userId: number, otherId: number, { keepEvents = true }: { keepEvents?: boolean } = {}) {
      if (otherId === userId) throw new HttpError(400, messageKey(SAFETY_TEXTS, "blockSelf"));
      if (!(await deps.users.findById(otherId))) throw new HttpError(404, messageKey(SAFETY_TEXTS, "userNotFound"));
      await repo.block(userId, otherId, (tx) => deps.endFollowsAcrossBlock(tx, userId, otherId));
      await deps.endFriendship(userId, otherId);
      await deps.releaseAcrossBlock(userId, otherId, { keepEvents });
      await deps.cancelMeetingsAcrossBlock(userId, otherId);
      await deps.accessEnded({ people: [userId, otherId] });
    },

    /** What a block of `otherId` would do to one's upcoming events, for the dialog that asks first. */
    async eventsAcrossBlock(userId: number, otherId: number) {
      if (otherId === userId) throw new HttpError(400, messageKey(SAFETY_TEXTS, "blockSelf"));
      if (!(await deps.users.findById(otherId))) throw new HttpError(404, messageKey(SAFETY_TEXTS, "userNotFound"));
      return deps.eventsAcrossBlock(userId, otherId);
    },

    unblock(userId: number, otherId: number) {
      return repo.unblock(userId, otherId);
    },

    /** Only what the reporter can see may be reported: nothing here confirms that anything else exists. */
    async report(userId: number, body: ReportBody) {
      const { targetType, targetId } = body;
      if (targetType === "user") {
        if (targetId === userId) throw new HttpError(400, messageKey(SAFETY_TEXTS, "reportSelf"));
        if (!(await deps.users.findById(targetId)))
          throw new HttpError(404, messageKey(SAFETY_TEXTS, "targetNotFound"));
      } else if (targetType === "message") {
        const message = await repo.findMessage(targetId);
        if (!message || !(await deps.isGroupMember(message.groupId, userId)))
          throw new HttpError(404, messageKey(SAFETY_TEXTS, "targetNotFound"));
      } else {
        const event = await deps.findEvent(targetId);
        const visible =
          event &&
          (event.hostId === userId ||
            (event.hiddenAt === null && (event.groupId === null || (await deps.isGroupMember(event.groupId, userId)))));
        if (!visible) throw new HttpError(404, messageKey(SAFETY_TEXTS, "targetNotFound"));
      }
      await repo.insertReport(userId, body);
    },

    /** The moderation queue, oldest first, `limit` reports after the id `after`. */
    async openReports(limit: number, after: number): Promise<AdminReport[]> {
      const rows = await repo.openReports(limit, after, await reportEmailKey(deps.keys));
      return rows.map(
        (r): AdminReport => ({
          id: Number(r.id),
          targetType: r.target_type,
          reason: r.reason,
          details: String(r.details),
          createdAt: new Date(r.created_at).toISOString(),
          reporter:
            r.reporter_id == null
              ? null
              : { id: Number(r.reporter_id), fullName: String(r.reporter_name), username: String(r.reporter_username) },
          subject:
            r.subject_id == null
              ? null
              : {
                  id: Number(r.subject_id),
                  fullName: String(r.subject_name),
                  username: String(r.subject_username),
                  suspended: Boolean(r.subject_suspended),
                },
          message:
            r.message_id == null
              ? null
              : {
                  id: Number(r.message_id),
                  groupId: Number(r.message_group_id),
                  text: String(r.message_text),
                  hidden: Boolean(r.message_hidden),
                },
          event:
            r.event_id == null
              ? null
              : { id: Number(r.event_id), title: String(r.event_title), hidden: Boolean(r.event_hidden) },
          deletedSubject:
            r.subject_deleted_at == null
              ? null
              : {
                  deletedAt: new Date(r.subject_deleted_at).toISOString(),
                  emailHash: String(r.subject_email_hash ?? "").slice(0, EMAIL_HASH_SHOWN),
                  sameAddressNow:
                    r.again_id == null
                      ? null
                      : { id: Number(r.again_id), fullName: String(r.again_name), username: String(r.again_username) },
                },
        }),
      );
    },

    async resolveReport(id: number, moderatorId: number) {
      if (!(await repo.resolveReport(id, moderatorId)))
        throw new HttpError(404, messageKey(SAFETY_TEXTS, "reportNotFound"));
    },

    async setEventHidden(id: number, hidden: boolean) {
      if (!(await deps.setEventHidden(id, hidden))) throw new HttpError(404, messageKey(SAFETY_TEXTS, "eventNotFound"));
      if (hidden) await deps.accessEnded({ events: [id] });
    },

    async setMessageHidden(id: number, hidden: boolean) {
      if (!(await deps.setMessageHidden(id, hidden)))
        throw new HttpError(404, messageKey(SAFETY_TEXTS, "messageNotFound"));
    },

    /** Suspending ends every session of the account and closes its sockets everywhere. */
    async setSuspended(userId: number, suspended: boolean, moderatorId: number) {
      if (userId === moderatorId) throw new HttpError(400, messageKey(API_TEXTS, "suspendSelf"));
      if (!(await deps.setSuspendedFlag(userId, suspended)))
        throw new HttpError(404, messageKey(SAFETY_TEXTS, "userNotFound"));
      // After the flag: a sign-in racing the suspension is refused, and every session already open ends here.
      if (!suspended) return;
      await deps.endSessionsOf(userId);
      // The host's events are gone with them: their guests' conversations close.
      await deps.accessEnded({ groups: await deps.groupIdsOf(userId) });
    },
  };
}
