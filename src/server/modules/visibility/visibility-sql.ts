import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** A value a fragment compares: a bound id, a column, or an expression of the statement using it. */
export type SqlRef = number | SQL | AnyPgColumn;

/** The columns of an event the rules read, as the calling statement names them (`events`, or `eventColumns("e")`). */
export interface EventRef {
  id: SqlRef;
  hostId: SqlRef;
  groupId: SqlRef;
  hiddenAt: SqlRef;
  canceledAt: SqlRef;
  guestList: SqlRef;
  /** Whom the host made it for: "all" (or none stored) is everyone; anything else is the host's alone. */
  friendGroupId: SqlRef;
}

/** The rule columns of an event under a statement's alias, for raw SQL (`from events e`). */
export function eventColumns(alias: string): EventRef {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    id: column("id"),
    hostId: column("host_id"),
    groupId: column("group_id"),
    hiddenAt: column("hidden_at"),
    canceledAt: column("canceled_at"),
    guestList: column("guest_list"),
    friendGroupId: column("friend_group_id"),
  };
}

/**
 * True unless the two people blocked each other, in either direction: a block makes each side as if gone
 * to the other, on every surface.
 */
export function notBlocked(viewerId: SqlRef, otherId: SqlRef): SQL {
  return sql`not exists (select 1 from user_blocks ub where (ub.blocker_id = ${viewerId} and ub.blocked_id = ${otherId}) or (ub.blocker_id = ${otherId} and ub.blocked_id = ${viewerId}))`;
}

/**
 * A person the viewer may see: themselves, or anyone neither blocked by nor blocking them. A deleted
 * account has no row left to join, so a statement that joins `users` drops it by itself.
 */
export function personVisibleTo(viewerId: SqlRef, personId: SqlRef): SQL {
  return sql`(${personId} = ${viewerId} or ${notBlocked(viewerId, personId)})`;
}

/** Whether the viewer is one of the event's hosts (its host or a co-host). */
export function hostsEvent(viewerId: SqlRef, event: Pick<EventRef, "id" | "hostId">): SQL {
  return sql`(${event.hostId} = ${viewerId} or exists (select 1 from event_cohosts vc where vc.event_id = ${event.id} and vc.user_id = ${viewerId}))`;
}

/**
 * The event's host and the viewer did not block each other. A co-host does not count: a block takes away
 * what the other person hosts, never someone else's event they help with (there the two simply do not see
 * each other: their answers, names and messages are left out for each other).
 */
function noHostBlocked(viewerId: SqlRef, event: Pick<EventRef, "id" | "hostId">): SQL {
  return notBlocked(viewerId, event.hostId);
}

/**
 * Whether anyone but its host may see the event at all: a moderator has not hidden it, its host is not
 * suspended (a suspended host's events are gone with their page, until the suspension is lifted), and it
 * is for everyone. An audience Link no longer offers (close friends, family, coworkers: nothing could
 * enforce them) was settled to "host" by a migration; any value but "all" is the host's alone.
 */
function shownToOthers(event: Pick<EventRef, "hostId" | "hiddenAt" | "friendGroupId">): SQL {
  return sql`(${event.hiddenAt} is null and coalesce(${event.friendGroupId}, 'all') = 'all'
    and not exists (select 1 from users vh where vh.id = ${event.hostId} and vh.suspended_at is not null))`;
}

/**
 * Whether the viewer may open the event (its page, its answers, its updates), canceled or not: its host
 * always; nobody else once it is not shown to others (`shownToOthers`); a group's plan only for the
 * group's members (block or not: they chose to stay in the group); any other event for everyone but those
 * who and whom its host blocked.
 */
export function eventVisibleTo(viewerId: SqlRef, event: EventRef): SQL {
  return sql`(${event.hostId} = ${viewerId} or (${shownToOthers(event)} and case when ${event.groupId} is not null
    then exists (select 1 from group_members vm where vm.group_id = ${event.groupId} and vm.user_id = ${viewerId})
    else ${noHostBlocked(viewerId, event)} end))`;
}

/**
 * Whether the event is public and the viewer (null: someone signed out) may see it there: the preview, a
 * host's public page, its calendar and embed, the sitemap and link cards. Not a group's plan, shown to
 * others, and its host not blocked either way with the viewer. Its own host reads a public page as the public
 * does: a hidden or host-only event is on none.
 */
export function eventPublicTo(viewerId: SqlRef, event: EventRef): SQL {
  return sql`(${event.groupId} is null and ${shownToOthers(event)}
    and (${event.hostId} = ${viewerId} or ${noHostBlocked(viewerId, event)}))`;
}

/**
 * Whether the event may be offered to the viewer on a listing (the feed, Nearby, search, a host's page):
 * shown to others, not canceled, not a group's plan, its host not blocked either way. A listing that shows the
 * viewer's own events (their calendar) uses `eventVisibleTo` instead.
 */
export function eventListedFor(viewerId: SqlRef, event: EventRef): SQL {
  return sql`(${event.canceledAt} is null and ${event.groupId} is null and ${shownToOthers(event)}
    and ${noHostBlocked(viewerId, event)})`;
}

/**
 * Whether the viewer sees who is going to the event (the count is always shown): its hosts always; a
 * `hosts` list nobody else; an `attendees` list the people going; an `everyone` list anyone who may see
 * the event. The event page asks the same question through `seesGuestList`, which runs this fragment.
 */
export function guestListVisibleTo(viewerId: SqlRef, event: EventRef): SQL {
  return sql`(${hostsEvent(viewerId, event)} or ${event.guestList} = 'everyone'
    or (${event.guestList} = 'attendees' and exists (select 1 from event_participants vp
      where vp.event_id = ${event.id} and vp.user_id = ${viewerId} and vp.status = 'going')))`;
}

/**
 * Whether the viewer sees one person's answer on an event: their own always; someone blocked either way
 * never; a pending application only to the hosts; any other answer as the guest list allows.
 */
export function answerVisibleTo(viewerId: SqlRef, answer: { userId: SqlRef; status: SqlRef }, event: EventRef): SQL {
  return sql`(${answer.userId} = ${viewerId} or (${notBlocked(viewerId, answer.userId)}
    and (${answer.status} <> 'pending' or ${hostsEvent(viewerId, event)})
    and ${guestListVisibleTo(viewerId, event)}))`;
}

/**
 * The first `limit` people going to each of a list of events (an int[] expression) that the viewer may see
 * there (`answerVisibleTo`), in the order they answered: rows (event_id, user_id, place), place from 1.
 * One scan of the events' going rows, so a statement asks for many events' avatars at once.
 */
export function attendeesVisibleTo(viewerId: SqlRef, eventIds: SQL, limit: number): SQL {
  return sql`select va.event_id, va.user_id, va.place from (
    select p.event_id, p.user_id, row_number() over (partition by p.event_id order by p.created_at, p.user_id) as place
    from event_participants p join events ae on ae.id = p.event_id
    where p.event_id = any(${eventIds}) and p.status = 'going'
      and ${answerVisibleTo(viewerId, { userId: sql`p.user_id`, status: sql`p.status` }, eventColumns("ae"))}) va
    where va.place <= ${limit}`;
}

/**
 * Whether the viewer is shown a notice stored for them: one about an event only while they may open the event
 * (its host still, nobody else once a moderator hid it, nobody across a block with a host), one telling of
 * someone's action only while neither of the two blocked the other. Rows stored before a block or a hiding
 * follow the rule as new ones do.
 */
export function noticeVisibleTo(viewerId: SqlRef, notice: { eventId: SqlRef; actorId: SqlRef }): SQL {
  return sql`((${notice.eventId} is null or exists (select 1 from events ne where ne.id = ${notice.eventId}
    and ${eventVisibleTo(viewerId, eventColumns("ne"))}))
    and (${notice.actorId} is null or ${personVisibleTo(viewerId, notice.actorId)}))`;
}

/** The event whose guests' conversation the group is, under the alias `ce` (no row for any other group). */
const conversationEvent = (groupId: SqlRef) =>
  sql`select 1 from event_conversations vcv join events ce on ce.id = vcv.event_id where vcv.group_id = ${groupId}`;

/**
 * Whether the viewer may read and post in the group: any group they belong to, except an event's guests'
 * conversation whose event they may no longer open (hidden by a moderator, or they and a host blocked
 * each other), which stays its hosts'.
 */
export function groupOpenTo(viewerId: SqlRef, groupId: SqlRef): SQL {
  return sql`not exists (${conversationEvent(groupId)} and not ${eventVisibleTo(viewerId, eventColumns("ce"))})`;
}

/**
 * Whether the viewer sees a member in a group's member list: in an ordinary group everyone (a group both
 * chose to stay in is shared, block or not); in an event's guests' conversation the hosts, oneself, and
 * the guests only as the event's guest list allows and nobody blocked either way.
 */
export function groupMemberVisibleTo(viewerId: SqlRef, groupId: SqlRef, memberId: SqlRef): SQL {
  const event = eventColumns("ce");
  return sql`(${memberId} = ${viewerId} or not exists (${conversationEvent(groupId)} and not (
    ${hostsEvent(memberId, event)} or (${guestListVisibleTo(viewerId, event)} and ${notBlocked(viewerId, memberId)}))))`;
}
