import type { VoteValue } from "@contract/groups";
import { voteResultSchema } from "@contract/groups";
import { groupPlanSchema } from "@contract/polls";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

/** A plan as its chat card shows it (GET /api/groups/{id}/events/{eventId}). */
const groupPlanQuery = (groupId: number, eventId: number) =>
  queryOptions({
    queryKey: groupKeys.plan(groupId, eventId),
    queryFn: () => api.get(`/api/groups/${groupId}/events/${eventId}`, groupPlanSchema),
  });

export const useGroupPlan = (groupId: number, eventId: number) => useQuery(groupPlanQuery(groupId, eventId));

type PlanVote = { groupId: number; eventId: number; optionId?: number; vote: VoteValue };

/** A vote on the plan, or on one of its options; the card and the plan list re-read. */
const planVoteMutation = () =>
  mutationOptions({
    mutationFn: ({ groupId, eventId, optionId, vote }: PlanVote) =>
      api.post(`/api/groups/${groupId}/events/${eventId}/vote`, voteResultSchema, { vote, optionId }),
    onSuccess: (_result, { groupId, eventId }, _r, { client }) => {
      void client.invalidateQueries({ queryKey: groupKeys.plan(groupId, eventId) });
      void client.invalidateQueries({ queryKey: groupKeys.events(groupId) });
    },
  });
export const usePlanVote = () => useMutation(planVoteMutation());

/** An admin decides the poll now: the best option so far wins. */
const lockPlanMutation = () =>
  mutationOptions({
    mutationFn: ({ groupId, eventId }: { groupId: number; eventId: number }) =>
      api.post(`/api/groups/${groupId}/events/${eventId}/lock`, groupPlanSchema),
    onSuccess: (plan, { groupId, eventId }, _r, { client }) => {
      client.setQueryData(groupKeys.plan(groupId, eventId), plan);
      void client.invalidateQueries({ queryKey: groupKeys.events(groupId) });
    },
  });
export const useLockPlan = () => useMutation(lockPlanMutation());
