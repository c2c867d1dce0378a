import { messageSchema } from "@contract/auth";
import { blockedUserSchema } from "@contract/safety";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { safetyKeys } from "./keys";

const blockedListSchema = z.array(blockedUserSchema);

/** The people I blocked (GET /api/blocks). */
const blocksQuery = () =>
  queryOptions({ queryKey: safetyKeys.blocks, queryFn: () => api.get("/api/blocks", blockedListSchema) });

export const useBlocks = () => useQuery(blocksQuery());

/** Block or unblock; afterwards every cached read is read again (a block hides people, events and messages). */
const setBlockedMutation = () =>
  mutationOptions({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked ? api.post("/api/blocks", messageSchema, { userId }) : api.delete(`/api/blocks/${userId}`, messageSchema),
    onSuccess: (_answer, _input, _result, { client }) => void client.invalidateQueries(),
  });

export const useSetBlocked = () => useMutation(setBlockedMutation());
