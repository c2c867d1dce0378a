import { randomBytes } from "node:crypto";
import { API_TEXTS } from "#contract/api-texts";
import { groupChannel, userChannel } from "#contract/bus";
import type { ChatMessage } from "#contract/chat";
import { CONVERSATION_TEXTS } from "#contract/event-conversation";
import type { KeysetPosition } from "#contract/fields";
import {
  BEST_TIMES_LIMIT,
  type CreateGroupBody,
  DEFAULT_INVITE_EXPIRES_HOURS,
  DEFAULT_INVITE_MAX_USES,
  GROUP_TEXTS,
  type GroupAvailability,
  type GroupBestTimes,
  type GroupEvent,
  type GroupListItem,
  type VoteCounts,
  type VoteValue,
} from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import { VOTES_PER_MINUTE } from "#contract/limits";
import { TIME_SLOTS, type TimeSlotId } from "#contract/time-slots";
import { HttpError } from "#server/http/http-error";
import type { Bus } from "#server/realtime/bus";
import type { AvailabilityService } from "../availability";
import type { BlockReads } from "../visibility";
import type { GroupsRepository } from "./repository";

/** A group's last chat message as the groups repository reads it. */
type LastMessage = NonNullable<Awaited<ReturnType<GroupsRepository["listForUser"]>>[number]["lastMessage"]>;

/** 96 random bits, URL-safe: unguessable, short enough to paste. */
function newInviteCode(): string {
  return randomBytes(12).toString("base64url");
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** One budget per user for votes over the socket and REST together. */
export const VOTE_LIMIT = { name: "votes", limit: { points: VOTES_PER_MINUTE, windowMs: 60_000 } } as const;

function countVotes(rows: { vote: VoteValue; n: number }[]): VoteCounts {
  const counts: VoteCounts = { yes: 0, no: 0, maybe: 0 };
  for (const r of rows) counts[r.vote] += r.n;
  return counts;
}

/** yyyy-MM-dd plus some days, on the calendar (no zone: a day is a day). */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const SLOT_ORDER = new Map(TIME_SLOTS.map((s, i) => [s.id, i]));

export function groupsService(deps: {
  repo: GroupsRepository;
  /** A person's name (the users module's). */
  users: { findById(id: number): Promise<{ fullName: string } | null | undefined> };
  availability: AvailabilityService;
  /** A stored message as the chat shows it (the chat module's): a hidden one only as "Message removed". */
  toChatMessage: (message: LastMessage) => ChatMessage;
  /** Which plans are polls (the polls module's); a group's plan list marks them. */
  pollIdsAmong: (eventIds: number[]) => Promise<Set<number>>;
  bus: Bus;
  blocks: BlockReads;
  /** The hosts of the event whose guests' conversation the group is, null for an ordinary group (event-conversation's). */
  conversationHosts: (groupId: number) => Promise<number[] | null>;
}) {
  const { repo, bus } = deps;

  async function requireMember(groupId: number, userId: number) {
    const role = await repo.roleOf(groupId, userId);
    if (!role) throw new HttpError(403, messageKey(GROUP_TEXTS, "notMember"));
    return role;
  }
  async function requireAdmin(groupId: number, userId: number) {
    const role = await requireMember(groupId, userId);
    if (role !== "admin") throw new HttpError(403, messageKey(GROUP_TEXTS, "adminOnly"));
  }
  /** A guests' conversation belongs to its event: nobody mints links to it, whoever administers it. */
  async function refuseConversationInvites(groupId: number) {
    if (await deps.conversationHosts(groupId)) throw new HttpError(403, messageKey(CONVERSATION_TEXTS, "noInvites"));
  }
  async function endMembership(groupId: number, userId: number) {
    await bus.publish(userChannel(userId), { type: "membership_ended", groupId });
  }

  return {
    requireMember,

    /** A page of the user's groups by id; `take` is the page size plus one (see sendPage). */
    async listForUser(userId: number, page: { take: number; afterId?: number }): Promise<GroupListItem[]> {
      const rows = await repo.listForUser(userId, page);
      return rows.map((r) => ({
        id: r.group.id,
        name: r.group.name,
        description: r.group.description,
        image: r.group.imageUrl,
        imageUrl: r.group.imageUrl,
        isPrivate: r.group.isPrivate,
        isDirect: r.group.isDirect,
        eventId: r.conversationOf,
        // Only admins hand out links; members see none (an admin can mint more with POST /invites).
        inviteCode: r.role === "admin" ? r.group.inviteCode : null,
        members: r.members,
        role: r.role,
        unreadCount: r.unreadCount,
        lastMessage: r.lastMessage ? deps.toChatMessage(r.lastMessage) : null,
      }));
    },

    async create(userId: number, body: Required<Omit<CreateGroupBody, "imageUrl">> & { imageUrl?: string | null }) {
      // Every group starts with a link its admins can share, public or private: people join friends by link.
      const invite = {
        code: newInviteCode(),
        expiresAt: hoursFromNow(DEFAULT_INVITE_EXPIRES_HOURS),
        maxUses: DEFAULT_INVITE_MAX_USES,
      };
      const group = await repo.createGroup(
        { name: body.name, description: body.description, imageUrl: body.imageUrl ?? null, isPrivate: body.isPrivate },
        userId,
        invite,
      );
      return group;
    },

    async openDirect(userId: number, otherId: number) {
      if (otherId === userId) throw new HttpError(400, messageKey(API_TEXTS, "messageSelf"));
      const other = await deps.users.findById(otherId);
      // Blocked either way answers as if there were nobody to message.
      if (!other || (await deps.blocks.isBlockedEitherWay(userId, otherId)))
        throw new HttpError(404, messageKey(API_TEXTS, "userNotFound"));
      const me = await deps.users.findById(userId);
      return repo.openDirectGroup(userId, otherId, `${me?.fullName ?? "You"} & ${other.fullName}`);
    },

    async members(userId: number, groupId: number, page: { take: number; after?: KeysetPosition }) {
      await requireMember(groupId, userId);
      const rows = await repo.listMembers(userId, groupId, page);
      return rows.map((r) => ({ ...r, joinedAt: r.joinedAt.toISOString() }));
    },

    async invitations(userId: number, groupId: number, page: { take: number; beforeId?: number }) {
      // An invite code is an admin's to hand out, so members cannot list the links either.
      await requireAdmin(groupId, userId);
      await refuseConversationInvites(groupId);
      const rows = await repo.listInvites(groupId, page);
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        expiresAt: r.expiresAt.toISOString(),
        maxUses: r.maxUses,
        currentUses: r.currentUses,
        createdBy: r.createdBy,
      }));
    },

    async createInvite(userId: number, groupId: number, body: { expiresInHours: number; maxUses: number }) {
      await requireAdmin(groupId, userId);
      await refuseConversationInvites(groupId);
      const row = await repo.insertInvite(groupId, userId, {
        code: newInviteCode(),
        expiresAt: hoursFromNow(body.expiresInHours),
        maxUses: body.maxUses,
      });
      return {
        id: row.id,
        code: row.code,
        expiresAt: row.expiresAt.toISOString(),
        maxUses: row.maxUses,
        currentUses: row.currentUses,
        createdBy: row.createdBy,
      };
    },

    async leave(userId: number, groupId: number) {
      await requireMember(groupId, userId);
      // The hosts keep their guests' conversation (so it never passes to a guest); they may mute it.
      if ((await deps.conversationHosts(groupId))?.includes(userId))
        throw new HttpError(409, messageKey(CONVERSATION_TEXTS, "hostsStay"));
      await repo.removeMember(groupId, userId);
      await endMembership(groupId, userId);
    },

    async removeMember(userId: number, groupId: number, memberId: number) {
      const hosts = await deps.conversationHosts(groupId);
      if (hosts) {
        // In a guests' conversation the hosts remove guests, whatever a member's group role says.
        await requireMember(groupId, userId);
        if (!hosts.includes(userId)) throw new HttpError(403, messageKey(CONVERSATION_TEXTS, "onlyHostsRemove"));
        if (hosts.includes(memberId)) throw new HttpError(409, messageKey(CONVERSATION_TEXTS, "hostsStay"));
      } else await requireAdmin(groupId, userId);
      if (!(await repo.removeMember(groupId, memberId)))
        throw new HttpError(404, messageKey(API_TEXTS, "memberNotFound"));
      await endMembership(groupId, memberId);
    },

    async markRead(userId: number, groupId: number, messageId?: number) {
      await requireMember(groupId, userId);
      return repo.markRead(groupId, userId, messageId);
    },

    async events(
      userId: number,
      groupId: number,
      page: { take: number; after?: KeysetPosition },
    ): Promise<GroupEvent[]> {
      await requireMember(groupId, userId);
      const rows = await repo.listGroupEvents(groupId, userId, page);
      const polls = await deps.pollIdsAmong(rows.map((r) => r.event.id));
      return rows.map(({ event, votes, myVote }) => ({
        id: event.id,
        title: event.title,
        description: event.description,
        date: event.date.toISOString(),
        timezone: event.timezone,
        type: event.groupEventType ?? event.type,
        location: event.location,
        groupId,
        votes: countVotes(votes.map((v) => ({ vote: v.vote, n: 1 }))),
        myVote,
        isPoll: polls.has(event.id),
      }));
    },

    /** Stores the vote, then tells the whole group the new counts. */
    async vote(userId: number, groupId: number, eventId: number, vote: VoteValue) {
      await requireMember(groupId, userId);
      const event = await repo.findGroupEvent(groupId, eventId);
      if (!event) throw new HttpError(404, messageKey(API_TEXTS, "eventNotFound"));
      const votes = countVotes(await repo.upsertVote(eventId, userId, vote));
      const update = { type: "vote_update" as const, groupId, eventId, votes, userId, vote };
      await bus.publish(groupChannel(groupId), update);
      return update;
    },

    /** Marking a time in a group marks it in the person's own availability: there is only one. */
    async saveAvailability(userId: number, groupId: number, date: string, timeslots: TimeSlotId[]) {
      await requireMember(groupId, userId);
      await deps.availability.save(userId, date, timeslots);
    },

    async availability(userId: number, groupId: number, date: string): Promise<GroupAvailability> {
      await requireMember(groupId, userId);
      const members = await repo.memberNames(groupId);
      const names = new Map(members.map((m) => [m.id, m.fullName]));
      const rows = await deps.availability.daysOf([...names.keys()], date, date);
      const slots = TIME_SLOTS.map((s) => {
        const free = rows.filter((r) => r.timeslots.includes(s.id));
        return {
          slot: s.id,
          count: free.length,
          users: free.map((r) => ({ id: r.userId, fullName: names.get(r.userId) ?? "" })),
        };
      }).sort((a, b) => b.count - a.count || (SLOT_ORDER.get(a.slot) ?? 0) - (SLOT_ORDER.get(b.slot) ?? 0));
      const top = slots[0]?.count ?? 0;
      return {
        date,
        memberCount: members.length,
        mine: rows.find((r) => r.userId === userId)?.timeslots ?? [],
        slots,
        best: top === 0 ? [] : slots.filter((s) => s.count === top).map((s) => s.slot),
      };
    },

    /** The days and slots in from..from+days-1 that most members published as free. */
    async bestTimes(userId: number, groupId: number, from: string, days: number): Promise<GroupBestTimes> {
      await requireMember(groupId, userId);
      const members = await repo.memberNames(groupId);
      const names = new Map(members.map((m) => [m.id, m.fullName]));
      const rows = await deps.availability.daysOf([...names.keys()], from, addDays(from, days - 1));
      const cells = new Map<string, { date: string; slot: TimeSlotId; users: { id: number; fullName: string }[] }>();
      for (const row of rows) {
        for (const slot of row.timeslots) {
          const key = `${row.date}|${slot}`;
          const cell = cells.get(key) ?? { date: row.date, slot, users: [] };
          cell.users.push({ id: row.userId, fullName: names.get(row.userId) ?? "" });
          cells.set(key, cell);
        }
      }
      const times = [...cells.values()]
        .map((c) => ({ ...c, count: c.users.length }))
        .sort(
          (a, b) =>
            b.count - a.count ||
            a.date.localeCompare(b.date) ||
            (TIME_SLOTS.find((s) => s.id === a.slot)?.startHour ?? 0) -
              (TIME_SLOTS.find((s) => s.id === b.slot)?.startHour ?? 0),
        )
        .slice(0, BEST_TIMES_LIMIT);
      return { memberCount: members.length, times };
    },
  };
}
export type GroupsService = ReturnType<typeof groupsService>;
