import type { messageSchema } from "@contract/auth";
import { type blockEventsSchema, blockedUserSchema } from "@contract/safety";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { safetyKeys } from "./keys";

const blockedListSchema = z.array(blockedUserSchema);

/** The people I blocked (GET /api/blocks). */
const blocksQuery = () =>
  queryOptions({ queryKey: safetyKeys.blocks, queryFn: () => api.get<typeof blockedListSchema>("/api/blocks") });

export const useBlocks = () => useQuery(blocksQuery());

/** The ids of the people I blocked: a group chat folds their messages away. */
export const useBlockedIds = () =>
  useQuery({ ...blocksQuery(), select: (people) => new Set(people.map((p) => p.id)) }).data;

/** Asked while the block dialog is open: the events a block of `userId` would leave, and those one may keep. */
export const useEventsAcrossBlock = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...safetyKeys.blocks, userId, "events"],
    queryFn: () => api.get<typeof blockEventsSchema>(`/api/blocks/${userId}/events`),
    enabled,
  });

/** Block or unblock; afterwards every cached read is read again (a block hides people, events and messages). */
const setBlockedMutation = () =>
  mutationOptions({
    mutationFn: ({ userId, blocked, keepEvents }: { userId: number; blocked: boolean; keepEvents?: boolean }) =>
      blocked
        ? api.post<typeof messageSchema>("/api/blocks", { userId, keepEvents })
        : api.delete<typeof messageSchema>(`/api/blocks/${userId}`),
    onSuccess: (_answer, _input, _result, { client }) => void client.invalidateQueries(),
  });

export const useSetBlocked = () => useMutation(setBlockedMutation());
