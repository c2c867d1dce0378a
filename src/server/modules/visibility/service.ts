import { API_TEXTS } from "#contract/api-texts";
import { groupChannel, userChannel } from "#contract/bus";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import type { Bus } from "#server/realtime/bus";
import type { EventRow, VisibilityRepository } from "./repository";

/** What a moderator's hiding says to the host who tries to change or announce the event. */

/**
 * Who may see what, answered in one place: events (hidden, group plans, blocks with the hosts), people
 * (blocks either way) and guest lists. Each `require*` answers the event's row or refuses with 404 (as if
 * there were no such event) or 403 (the viewer knows it exists but may not do this).
 */
export function visibilityService({ repo, bus }: { repo: VisibilityRepository; bus: Bus }) {
  /**
   * An event the viewer may not see is gone to them, a group's plan too: a refusal that differed from a
   * missing event's would tell anyone walking the ids which ones are plans.
   */
  function refuse(): never {
    throw new HttpError(404, messageKey(API_TEXTS, "eventNotFound"));
  }
  async function requireEvent(id: number): Promise<EventRow> {
    const row = await repo.eventFor(id, null);
    if (!row) refuse();
    return row.event;
  }
  async function standing(id: number, viewerId: number) {
    const row = await repo.eventFor(id, viewerId);
    if (!row) refuse();
    return row;
  }
  /** The host or a co-host: editing, approving, updates to guests and check-in are shared among them. */
  async function requireManaged(id: number, userId: number): Promise<EventRow> {
    const row = await standing(id, userId);
    if (row.event.hostId === userId) return row.event;
    if (!row.visible) refuse();
    if (!row.hosts) throw new HttpError(403, messageKey(API_TEXTS, "hostsOnly"));
    return row.event;
  }

  return {
    requireEvent,
    /** The event page's rule: see `eventVisibleTo`. */
    async requireVisible(id: number, viewerId: number): Promise<EventRow> {
      const row = await standing(id, viewerId);
      if (!row.visible) refuse();
      return row.event;
    },
    /** The signed-out preview's rule (and a signed-in viewer's too): see `eventPublicTo`; 404 otherwise. */
    async requirePublic(id: number, viewerId: number | null): Promise<EventRow> {
      const row = await standing(id, viewerId ?? 0);
      if (!row.public) refuse();
      return row.event;
    },
    /** Only the host (cancel, co-hosts). */
    async requireHosted(id: number, userId: number): Promise<EventRow> {
      const row = await standing(id, userId);
      if (row.event.hostId === userId) return row.event;
      if (!row.visible) refuse();
      throw new HttpError(403, messageKey(API_TEXTS, "hostOnly"));
    },
    requireManaged,
    /**
     * The hosts' changes that reach other people (edits, updates): a hidden event is silenced, its host
     * may still read it and appeal.
     */
    async requireAnnounceable(id: number, userId: number): Promise<EventRow> {
      const event = await requireManaged(id, userId);
      if (event.hiddenAt) throw new HttpError(403, messageKey(API_TEXTS, "eventHiddenByModerator"));
      return event;
    },
    /** Whether the viewer sees who is going (the count is shown to all): one rule, `guestListVisibleTo`. */
    seesGuestList: repo.seesGuestList,
    /** Of `eventIds`, those the viewer may open. */
    visibleEventIds: repo.visibleEventIds,
    /** Of `userIds`, those a notice about the event may reach: who may open it, and nobody once it is hidden. */
    audienceOf: repo.audienceOf,
    isBlockedEitherWay: repo.isBlockedEitherWay,
    blockedAmong: repo.blockedAmong,
    /**
     * Access may have ended (a block, a hiding, a decline, a suspension, a deletion): every instance checks
     * again, at once, the open sockets of `people` in every group they joined, and every socket in `groups`
     * and in the guests' conversations of `events`. A socket that may no longer read a group is taken off
     * its channel before anything said after reaches it (realtime/channels.ts).
     */
    async accessEnded(scope: { people?: number[]; events?: number[]; groups?: number[] }) {
      const conversations = scope.events?.length ? await repo.conversationsOf(scope.events) : [];
      await Promise.all([
        ...(scope.people ?? []).map((id) => bus.publish(userChannel(id), { type: "access_changed" })),
        ...[...new Set([...(scope.groups ?? []), ...conversations])].map((id) =>
          bus.publish(groupChannel(id), { type: "access_changed" }),
        ),
      ]);
    },
    /** A person across a block is as if gone: 404 with the text a missing account gets. */
    async requirePersonVisible(
      viewerId: number,
      personId: number,
      missingCode = messageKey(API_TEXTS, "userNotFound"),
    ) {
      if (viewerId !== personId && (await repo.isBlockedEitherWay(viewerId, personId)))
        throw new HttpError(404, missingCode);
    },
  };
}
export type VisibilityService = ReturnType<typeof visibilityService>;

/** The one answer to "did these two block each other", for modules that hide a person in their own rules. */
export type BlockReads = Pick<VisibilityService, "isBlockedEitherWay" | "blockedAmong">;

/** The access rules the events, hosting and participants modules apply to an event. */
export type EventAccess = Pick<
  VisibilityService,
  | "requireEvent"
  | "requireVisible"
  | "requirePublic"
  | "requireHosted"
  | "requireManaged"
  | "requireAnnounceable"
  | "seesGuestList"
  | "requirePersonVisible"
>;
