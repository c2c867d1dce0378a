import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { eventColumns, eventVisibleTo, personVisibleTo } from "../visibility";
import { meetingsRepository } from "./meetings-sql";
import { eventMatching } from "./schema";
import { aboutTerms, phraseTerms } from "./terms-sql";

type Rows<T> = { rows: T[] };
const idList = (ids: number[]) => `{${ids.join(",")}}`;

/** What a request for people to meet needs to know first, read in one statement. */
export interface MatchState {
  /** The event's start: who is free around it is read from the days around it. */
  date: Date;
  /** False when the viewer may not open the event (hidden, across a block with a host, a group's plan). */
  visible: boolean;
  matchmaking: boolean;
  hidden: boolean;
  canceled: boolean;
  status: string | null;
  optedIn: boolean;
  /** The event's latest opt-in change: a kept list behind it reads what changed. */
  version: number;
  /** Mutual friends opted in at the event: [candidate, how many, one friend's id]. */
  mutual: Array<[number, number, number]>;
  /** The viewer's pending and accepted meetings here: [requester, invitee, status]. */
  requests: Array<[number, number, string]>;
}

/** An opted-in person's row as the kept list reads it, with their published availability around the event. */
export interface PersonRow {
  userId: number;
  seq: number;
  listed: boolean;
  offering: string[];
  seeking: string[];
  offeringTerms: string[][];
  seekingTerms: string[][];
  interests: string[];
  skills: string[];
  about: string[];
  timezone: string;
  free: Array<{ date: string; timeslots: unknown }>;
}

/** Opts in everyone going to these events, with their profile's phrases: the demo city's networking events. */
export async function optInEveryoneGoing(db: Tx, eventIds: number[]) {
  if (eventIds.length === 0) return;
  const language = sql`u.language`;
  await db.execute(sql`
    insert into event_matching (event_id, user_id, visible, offering, seeking, offering_terms, seeking_terms)
    select p.event_id, p.user_id, true, u.offering, u.seeking,
      ${phraseTerms(sql`u.offering`, language)}, ${phraseTerms(sql`u.seeking`, language)}
    from event_participants p join users u on u.id = p.user_id
    where p.status = 'going' and p.event_id = any(${idList(eventIds)}::int[])
    on conflict do nothing`);
}

/** Opt-ins and the reads of who to suggest; the meetings' statements are in meetings-sql.ts. */
export function matchingRepository(db: Db) {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

  return {
    ...meetingsRepository(db),

    async optInOf(eventId: number, userId: number) {
      const [row] = await db
        .select({ visible: eventMatching.visible, offering: eventMatching.offering, seeking: eventMatching.seeking })
        .from(eventMatching)
        .where(and(eq(eventMatching.eventId, eventId), eq(eventMatching.userId, userId)))
        .limit(1);
      return row;
    },

    /** Stores the person's opt-in and phrases at the event, each phrase's lexemes made in their language. */
    async saveOptIn(
      eventId: number,
      userId: number,
      input: { visible: boolean; offering: string[]; seeking: string[]; language: string },
    ) {
      const offering = sql`${JSON.stringify(input.offering)}::jsonb`;
      const seeking = sql`${JSON.stringify(input.seeking)}::jsonb`;
      const language = sql`${input.language}::text`;
      const [row] = await rows<{ visible: boolean; offering: string[]; seeking: string[] }>(sql`
        insert into event_matching (event_id, user_id, visible, offering, seeking, offering_terms, seeking_terms)
        values (${eventId}, ${userId}, ${input.visible}, ${offering}, ${seeking},
          ${phraseTerms(offering, language)}, ${phraseTerms(seeking, language)})
        on conflict (event_id, user_id) do update set visible = excluded.visible, offering = excluded.offering,
          seeking = excluded.seeking, offering_terms = excluded.offering_terms, seeking_terms = excluded.seeking_terms,
          seq = nextval('event_matching_seq'), updated_at = now()
        returning visible, offering, seeking`);
      return row;
    },

    /** Marks the person's opt-ins changed, so kept lists read their profile again (it was edited). */
    async touchOptInsOf(userId: number) {
      await db
        .update(eventMatching)
        .set({ seq: sql`nextval('event_matching_seq')` })
        .where(eq(eventMatching.userId, userId));
    },

    /**
     * The event as the viewer stands to it, with what ranking for them needs from the database: mutual friends
     * opted in there and their own meetings there. One statement: it runs on every request for people to meet.
     */
    async matchState(eventId: number, viewerId: number): Promise<MatchState | undefined> {
      const [row] = await rows<MatchState>(sql`
        with friends as (
          select case when f.requester_id = ${viewerId} then f.addressee_id else f.requester_id end as id
          from friendships f where f.status = 'accepted' and (f.requester_id = ${viewerId} or f.addressee_id = ${viewerId})
        ), mutual as (
          select case when g.requester_id = fr.id then g.addressee_id else g.requester_id end as candidate, fr.id as friend
          from friends fr join friendships g on g.status = 'accepted' and (g.requester_id = fr.id or g.addressee_id = fr.id)
        )
        select ${eventVisibleTo(viewerId, eventColumns("e"))} as visible, e.matchmaking, e.date,
          e.hidden_at is not null as hidden, e.canceled_at is not null as canceled,
          (select p.status from event_participants p where p.event_id = e.id and p.user_id = ${viewerId}) as status,
          coalesce((select m.visible from event_matching m where m.event_id = e.id and m.user_id = ${viewerId}), false) as "optedIn",
          coalesce((select max(m.seq) from event_matching m where m.event_id = e.id), 0)::float8 as version,
          coalesce((select json_agg(json_build_array(x.candidate, x.n, x.first)) from (
            select mu.candidate, count(*)::int as n, min(mu.friend) as first from mutual mu
            join event_matching om on om.event_id = e.id and om.user_id = mu.candidate and om.visible
            where mu.candidate <> ${viewerId} group by mu.candidate) x), '[]') as mutual,
          coalesce((select json_agg(json_build_array(mt.requester_id, mt.invitee_id, mt.status)) from meetings mt
            where mt.event_id = e.id and (mt.requester_id = ${viewerId} or mt.invitee_id = ${viewerId})
              and mt.status in ('pending', 'accepted')), '[]') as requests
        from events e where e.id = ${eventId}`);
      return row ? { ...row, date: new Date(row.date), version: Number(row.version) } : undefined;
    },

    /**
     * The event's opt-ins changed after `since` (all of them when null, then only those listed), each with what
     * ranking compares: phrases, interests, skills, the lexemes of profession and bio, and availability on
     * the days around the event. `listed`: opted in, going and not suspended. Everyone the ranking picks is
     * checked again by `listedMatches`, under the viewer's visibility rule, before being shown.
     */
    async roster(eventId: number, since: number | null, days: [string, string]): Promise<PersonRow[]> {
      const found = await rows<PersonRow & { seq: string | number }>(sql`
        select m.user_id as "userId", m.seq, m.offering, m.seeking, m.offering_terms as "offeringTerms",
          m.seeking_terms as "seekingTerms", u.interests, u.skills, u.timezone,
          ${aboutTerms(sql`u.profession`, sql`u.bio`, sql`u.language`)} as about,
          (m.visible and u.suspended_at is null and exists (select 1 from event_participants p
            where p.event_id = m.event_id and p.user_id = m.user_id and p.status = 'going')) as listed,
          coalesce((select json_agg(json_build_object('date', a.date, 'timeslots', a.timeslots)) from availability a
            where a.user_id = u.id and a.date between ${days[0]}::date and ${days[1]}::date), '[]') as free
        from event_matching m join users u on u.id = m.user_id
        where m.event_id = ${eventId} and ${since === null ? sql`m.visible` : sql`m.seq > ${since}`}`);
      return found.map((r) => ({ ...r, seq: Number(r.seq) }));
    },

    /**
     * Of the ranked candidates, those the viewer may be shown now, in the ranking's order: still opted in and
     * going, not suspended, no block either way; and the names of the mutual friends the reasons name.
     */
    async listedMatches(eventId: number, viewerId: number, candidateIds: number[], friendIds: number[]) {
      const people = await rows<{
        id: number;
        fullName: string;
        username: string;
        profileImage: string | null;
        profession: string;
      }>(sql`
        select u.id, u.full_name as "fullName", u.username, u.profile_image as "profileImage", u.profession
        from unnest(${idList(candidateIds)}::int[]) with ordinality c(id, n)
        join users u on u.id = c.id
        join event_matching m on m.event_id = ${eventId} and m.user_id = u.id and m.visible
        where u.suspended_at is null and ${personVisibleTo(viewerId, sql`u.id`)}
          and exists (select 1 from event_participants p where p.event_id = ${eventId} and p.user_id = u.id and p.status = 'going')
        order by c.n`);
      const friends = friendIds.length
        ? await rows<{ id: number; fullName: string }>(sql`
            select u.id, u.full_name as "fullName" from users u
            where u.id = any(${idList(friendIds)}::int[]) and u.suspended_at is null and ${personVisibleTo(viewerId, sql`u.id`)}`)
        : [];
      return { people, friendNames: new Map(friends.map((f) => [f.id, f.fullName])) };
    },

    /** How many people show themselves at the event. */
    async optedInCount(eventId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(eventMatching)
        .where(and(eq(eventMatching.eventId, eventId), eq(eventMatching.visible, true)));
      return row?.n ?? 0;
    },
  };
}
export type MatchingRepository = ReturnType<typeof matchingRepository>;
