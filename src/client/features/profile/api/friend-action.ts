import { friendStatusResultSchema } from "@contract/friends";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { friendKeys } from "./keys";

type FriendAction = { userId: number; action: "request" | "accept" | "decline" };

/** Connect, Accept or Decline; every friends list, request list and status may change. */
const friendActionMutation = () =>
  mutationOptions({
    mutationFn: ({ userId, action }: FriendAction) =>
      action === "request"
        ? api.post("/api/friends/requests", friendStatusResultSchema, { userId })
        : api.post(`/api/friends/requests/${userId}/${action}`, friendStatusResultSchema),
    onSuccess: (_status, _action, _result, { client }) => client.invalidateQueries({ queryKey: friendKeys.all }),
  });

export const useFriendAction = () => useMutation(friendActionMutation());
