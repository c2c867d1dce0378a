import { API_TEXTS } from "#contract/api-texts";
import { groupChannel } from "#contract/bus";
import { POLL_NOTICES } from "#contract/event-notices";
import type { CreateGroupEventBody, Event } from "#contract/events";
import { GROUP_TEXTS, type VoteCounts, type VoteValue } from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import { type GroupPlan, POLL_NUDGE_BEFORE_MS, POLL_TEXTS, type Voter } from "#contract/polls";
import { HttpError } from "#server/http/http-error";
import type { Bus } from "#server/realtime/bus";
import type { EventRow } from "../events";
import type { NotificationsService } from "../notifications";
import type { PollsRepository } from "./repository";

type OptionRow = Awaited<ReturnType<PollsRepository["optionsOf"]>>[number];
type VoteRow = { optionId: number; userId: number; vote: VoteValue };

function tally(votes: { vote: VoteValue }[]): VoteCounts {
  const counts: VoteCounts = { yes: 0, no: 0, maybe: 0 };
  for (const v of votes) counts[v.vote] += 1;
  return counts;
}

/** The winning option: most yes, then most maybe, then the earliest date (then the first offered). */
export function pickWinner(options: OptionRow[], votes: VoteRow[]): OptionRow {
  const scored = options.map((option) => ({ option, ...tally(votes.filter((v) => v.optionId === option.id)) }));
  scored.sort(
    (a, b) =>
      b.yes - a.yes ||
      b.maybe - a.maybe ||
      a.option.date.getTime() - b.option.date.getTime() ||
      a.option.position - b.option.position,
  );
  return scored[0].option;
}

/** The votes of people still in the group: someone who left takes their say with them. */
function membersVotes(votes: VoteRow[], memberIds: number[]): VoteRow[] {
  const members = new Set(memberIds);
  return votes.filter((v) => members.has(v.userId));
}

/**
 * Whether the poll's outcome can no longer change as members answer the options they have not answered yet:
 * every member said Yes to the leading option, or no other option could get ahead of it (by pickWinner's
 * order) even if every member yet to answer it said Yes. `votes` are the current members' only.
 */
export function outcomeSettled(options: OptionRow[], votes: VoteRow[], memberIds: number[]): boolean {
  if (options.length === 0 || memberIds.length === 0) return false;
  const leader = pickWinner(options, votes);
  const on = (option: OptionRow) => votes.filter((v) => v.optionId === option.id);
  if (tally(on(leader)).yes >= memberIds.length) return true;
  return options.every((option) => {
    if (option.id === leader.id) return true;
    const answered = new Set(on(option).map((v) => v.userId));
    const bestCase = memberIds
      .filter((id) => !answered.has(id))
      .map((userId) => ({ optionId: option.id, userId, vote: "yes" as const }));
    return pickWinner([leader, option], [...on(leader), ...on(option), ...bestCase]).id === leader.id;
  });
}

export function pollsService(deps: {
  repo: PollsRepository;
  /** The groups module's: who is a member, the group's plans, their members' names and the votes on a plan. */
  groups: {
    roleOf(groupId: number, userId: number): Promise<"admin" | "member" | null>;
    /** The group's plan with this id, nothing when the event is gone or another group's. */
    findGroupEvent(groupId: number, eventId: number): Promise<EventRow | undefined>;
    memberNames(groupId: number): Promise<{ id: number; fullName: string; timezone: string | null }[]>;
    planVotes(eventId: number): Promise<{ userId: number; vote: VoteValue }[]>;
  };
  notifications: NotificationsService;
  /** Makes the plan's event with its date settled (the events module's create, which checks membership). */
  createEvent: (
    userId: number,
    plan: Omit<CreateGroupEventBody, "options" | "decideBy"> & { date: string },
  ) => Promise<Event>;
  /** An event's title, or nothing when it is gone (the events module's). */
  findEvent: (eventId: number) => Promise<{ title: string } | undefined>;
  /** Moves a decided poll's event to the winning date and place (the events module's); nothing when it is gone. */
  moveEvent: (
    eventId: number,
    to: { date: Date; location: string },
  ) => Promise<{ title: string; hostId: number; timezone: string } | undefined>;
  /** A person's name and time zone (the users module's). */
  findUser: (userId: number) => Promise<{ fullName: string; timezone: string | null } | undefined>;
  /** Answers "going" for a voter of the winning option (the participants module's rules: it may refuse). */
  goTo: (userId: number, eventId: number, at: Date) => Promise<unknown>;
  /** Posts the plan's card into the group's chat (the chat module's). */
  postCard: (userId: number, groupId: number, message: string, referenceData: unknown) => Promise<unknown>;
  bus: Bus;
  now?: () => Date;
}) {
  const { repo, groups, bus } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireMember(groupId: number, userId: number) {
    const role = await groups.roleOf(groupId, userId);
    if (!role) throw new HttpError(403, messageKey(GROUP_TEXTS, "notMember"));
    return role;
  }
  async function requirePlan(groupId: number, eventId: number) {
    const event = await groups.findGroupEvent(groupId, eventId);
    if (!event) throw new HttpError(404, messageKey(API_TEXTS, "eventNotFound"));
    return event;
  }
  const publish = (groupId: number, eventId: number, decided: boolean) =>
    bus.publish(groupChannel(groupId), { type: "plan_update", groupId, eventId, decided });

  /** Decides the poll now unless another caller (instance, admin, last voter) already did. */
  async function decide(eventId: number) {
    const poll = await repo.findPoll(eventId);
    if (!poll || poll.decidedAt) return false;
    const [options, allVotes, members] = await Promise.all([
      repo.optionsOf(eventId),
      repo.votesOf(eventId),
      groups.memberNames(poll.groupId),
    ]);
    if (options.length === 0) return false;
    // Counted like the card shows them: the votes of people still in the group.
    const votes = membersVotes(
      allVotes,
      members.map((m) => m.id),
    );
    const winner = pickWinner(options, votes);
    if (!(await repo.claimDecision(eventId, winner.id, now()))) return false;
    const event = await deps.moveEvent(eventId, { date: winner.date, location: winner.location });
    if (!event) return true;
    const yes = new Set(votes.filter((v) => v.optionId === winner.id && v.vote === "yes").map((v) => v.userId));
    for (const userId of yes) {
      if (userId === event.hostId) continue;
      // A voter who cannot go any more (the plan filled, they left the group) is told like the others.
      await deps.goTo(userId, eventId, now()).catch(() => yes.delete(userId));
    }
    // Each member reads the time as every screen writes it (the event's zone, and their own beside it), in
    // their language; members in the same zone who voted alike share one notice.
    const alike = new Map<string, { votedYes: boolean; timezone: string | null; userIds: number[] }>();
    for (const { id, timezone } of members) {
      const votedYes = yes.has(id);
      const key = `${votedYes}|${timezone ?? ""}`;
      const group = alike.get(key) ?? { votedYes, timezone: timezone ?? null, userIds: [] };
      group.userIds.push(id);
      alike.set(key, group);
    }
    for (const { votedYes, timezone, userIds } of alike.values()) {
      const when = { title: event.title, date: winner.date, zone: event.timezone, viewerZone: timezone };
      await deps.notifications.notifyAll(userIds, {
        type: "event_update",
        ...POLL_NOTICES.decided(when, votedYes),
        actionUrl: `/events/${eventId}`,
        eventId,
      });
    }
    await publish(poll.groupId, eventId, true);
    return true;
  }

  return {
    /**
     * A group plan: one date, or with `options` a poll whose event holds the earliest option until it is
     * decided. Either way its card is posted into the group's chat.
     */
    async createPlan(userId: number, body: CreateGroupEventBody): Promise<Event> {
      const { options, decideBy, ...plan } = body;
      const earliest = options
        ? options.reduce((a, b) => (Date.parse(a.date) <= Date.parse(b.date) ? a : b))
        : undefined;
      const date = earliest?.date ?? plan.date;
      if (!date) throw new HttpError(400, messageKey(API_TEXTS, "dateRequired"));
      const event = await deps.createEvent(userId, { ...plan, date });
      if (options && decideBy) {
        await repo.insertPoll(
          { eventId: event.id, groupId: body.groupId, decideBy: new Date(decideBy) },
          options.map((o) => ({ date: new Date(o.date), location: o.location })),
        );
      }
      await deps.postCard(userId, body.groupId, event.title, { kind: "plan", eventId: event.id });
      return event;
    },

    async plan(userId: number, groupId: number, eventId: number): Promise<GroupPlan> {
      await requireMember(groupId, userId);
      const event = await requirePlan(groupId, eventId);
      const [poll, members, planVotes, host] = await Promise.all([
        repo.findPoll(eventId),
        groups.memberNames(groupId),
        groups.planVotes(eventId),
        deps.findUser(event.hostId),
      ]);
      const names = new Map(members.map((m) => [m.id, m.fullName]));
      // Only current members' votes are shown and counted: someone who left takes their say with them.
      const voter = (v: { userId: number; vote: VoteValue }): Voter[] =>
        names.has(v.userId) ? [{ id: v.userId, fullName: names.get(v.userId) ?? "", vote: v.vote }] : [];
      const [options, votes] = poll ? await Promise.all([repo.optionsOf(eventId), repo.votesOf(eventId)]) : [[], []];
      const planVoters = planVotes.flatMap(voter);
      return {
        id: event.id,
        groupId,
        title: event.title,
        description: event.description,
        type: event.groupEventType ?? event.type,
        hostId: event.hostId,
        hostName: host?.fullName ?? "",
        date: event.date.toISOString(),
        location: event.location,
        votes: tally(planVoters),
        voters: planVoters,
        myVote: planVotes.find((v) => v.userId === userId)?.vote ?? null,
        options: options.map((o) => {
          const voters = votes.filter((v) => v.optionId === o.id).flatMap(voter);
          return {
            id: o.id,
            date: o.date.toISOString(),
            location: o.location,
            votes: tally(voters),
            voters,
            myVote: voters.find((v) => v.id === userId)?.vote ?? null,
          };
        }),
        decideBy: poll ? poll.decideBy.toISOString() : null,
        decided: poll ? poll.decidedAt != null : false,
        winnerOptionId: poll?.winnerOptionId ?? null,
        memberCount: members.length,
      };
    },

    /** A vote on one option; the poll decides itself as soon as its outcome cannot change (outcomeSettled). */
    async vote(userId: number, groupId: number, eventId: number, optionId: number, vote: VoteValue) {
      await requireMember(groupId, userId);
      await requirePlan(groupId, eventId);
      const poll = await repo.findPoll(eventId);
      if (!poll) throw new HttpError(400, messageKey(POLL_TEXTS, "notAPoll"));
      if (poll.decidedAt) throw new HttpError(409, messageKey(POLL_TEXTS, "decided"));
      const options = await repo.optionsOf(eventId);
      if (!options.some((o) => o.id === optionId)) throw new HttpError(404, messageKey(POLL_TEXTS, "optionNotFound"));
      await repo.upsertVote(optionId, userId, vote);
      const [allVotes, members] = await Promise.all([repo.votesOf(eventId), groups.memberNames(groupId)]);
      const memberIds = members.map((m) => m.id);
      const votes = membersVotes(allVotes, memberIds);
      const decided = outcomeSettled(options, votes, memberIds) && (await decide(eventId));
      if (!decided) await publish(groupId, eventId, false);
      return { eventId, optionId, votes: tally(votes.filter((v) => v.optionId === optionId)) };
    },

    /** An admin closes the poll early: the best option so far wins. */
    async lock(userId: number, groupId: number, eventId: number) {
      if ((await requireMember(groupId, userId)) !== "admin")
        throw new HttpError(403, messageKey(GROUP_TEXTS, "adminOnly"));
      await requirePlan(groupId, eventId);
      const poll = await repo.findPoll(eventId);
      if (!poll) throw new HttpError(400, messageKey(POLL_TEXTS, "notAPoll"));
      if (poll.decidedAt || !(await decide(eventId))) throw new HttpError(409, messageKey(POLL_TEXTS, "decided"));
    },

    /**
     * One pass of the worker: nudges members who have not voted on polls closing within a day, then decides
     * polls past their deadline. Each nudge and decision is claimed by one UPDATE, so two instances sweeping
     * at once still send each one once.
     */
    async sweep(at: Date = now()) {
      for (const claimed of await repo.claimNudges(at, POLL_NUDGE_BEFORE_MS)) {
        const [members, votes, event] = await Promise.all([
          groups.memberNames(claimed.groupId),
          repo.votesOf(claimed.eventId),
          deps.findEvent(claimed.eventId),
        ]);
        const voted = new Set(votes.map((v) => v.userId));
        const silent = members.map((m) => m.id).filter((id) => !voted.has(id));
        if (event && silent.length) {
          await deps.notifications.notifyAll(silent, {
            type: "event_update",
            ...POLL_NOTICES.nudge(event),
            actionUrl: `/groups?group=${claimed.groupId}`,
            eventId: claimed.eventId,
          });
        }
      }
      for (const due of await repo.dueBy(at)) await decide(due.eventId);
    },
  };
}
export type PollsService = ReturnType<typeof pollsService>;
