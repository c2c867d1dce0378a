import type { messageSchema } from "@contract/auth";
import { blockedUserSchema } from "@contract/safety";
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

/** Block or unblock; afterwards every cached read is read again (a block hides people, events and messages). */
const setBlockedMutation = () =>
  mutationOptions({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked
        ? api.post<typeof messageSchema>("/api/blocks", { userId })
        : api.delete<typeof messageSchema>(`/api/blocks/${userId}`),
    onSuccess: (_answer, _input, _result, { client }) => void client.invalidateQueries(),
  });

export const useSetBlocked = () => useMutation(setBlockedMutation());
