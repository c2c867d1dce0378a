import type { GroupEvent, groupEventSchema, VoteCounts, VoteValue } from "@contract/groups";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

type GroupEventListSchema = z.ZodArray<typeof groupEventSchema>;

const groupEventsQuery = (groupId: number) =>
  queryOptions({
    queryKey: groupKeys.events(groupId),
    queryFn: () => api.get<GroupEventListSchema>(`/api/groups/${groupId}/events`),
  });

export function useGroupEvents(groupId: number | null) {
  return useQuery({ ...groupEventsQuery(groupId ?? 0), enabled: groupId != null });
}

/** A vote seen on the socket: new counts for everyone, and my own vote when it was mine. */
export function applyVoteUpdate(
  qc: QueryClient,
  update: { groupId: number; eventId: number; votes: VoteCounts; userId: number; vote: VoteValue },
  myId: number | undefined,
) {
  qc.setQueryData<GroupEvent[]>(groupKeys.events(update.groupId), (list) =>
    list?.map((e) =>
      e.id === update.eventId
        ? { ...e, votes: update.votes, myVote: update.userId === myId ? update.vote : e.myVote }
        : e,
    ),
  );
}
