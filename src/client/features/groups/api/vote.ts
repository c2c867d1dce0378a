import { type GroupEvent, type VoteValue, voteResultSchema } from "@contract/groups";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const voteMutation = () =>
  mutationOptions({
    mutationFn: ({ groupId, eventId, vote }: { groupId: number; eventId: number; vote: VoteValue }) =>
      api.post(`/api/groups/${groupId}/events/${eventId}/vote`, voteResultSchema, { vote }),
    onSuccess: (result, { groupId, eventId, vote }, _result, { client }) =>
      client.setQueryData<GroupEvent[]>(groupKeys.events(groupId), (list) =>
        list?.map((e) => (e.id === eventId ? { ...e, votes: result.votes, myVote: vote } : e)),
      ),
  });

export const useVote = () => useMutation(voteMutation());
