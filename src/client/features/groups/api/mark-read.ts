import type { GroupListItem } from "@contract/groups";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const markReadMutation = () =>
  mutationOptions({
    mutationFn: ({ groupId, messageId }: { groupId: number; messageId?: number }) =>
      api.send("POST", `/api/groups/${groupId}/read`, { messageId }),
    onSuccess: (_response, { groupId }, _result, { client }) =>
      client.setQueryData<GroupListItem[]>(groupKeys.list(), (list) =>
        list?.map((g) => (g.id === groupId ? { ...g, unreadCount: 0 } : g)),
      ),
  });

export const useMarkRead = () => useMutation(markReadMutation());
