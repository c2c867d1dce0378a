import type { eventConversationSchema } from "@contract/event-conversation";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { eventKeys } from "./keys";
import { eventPaths } from "./paths";

/** The event's guests' conversation (made on first use) and whether the viewer muted it. */
const eventConversationQuery = (eventId: number) =>
  queryOptions({
    queryKey: eventKeys.conversation(eventId),
    queryFn: () => api.get<typeof eventConversationSchema>(eventPaths.conversation(eventId)),
    networkMode: "offlineFirst",
  });

export const useEventConversation = (eventId: number, enabled: boolean) =>
  useQuery({ ...eventConversationQuery(eventId), enabled });

const muteConversationMutation = (eventId: number) =>
  mutationOptions({
    mutationFn: (muted: boolean) =>
      api.put<typeof eventConversationSchema>(`/api/events/${eventId}/conversation/mute`, { muted }),
    onSuccess: (state, _muted, _result, { client }) => client.setQueryData(eventKeys.conversation(eventId), state),
  });

export const useMuteConversation = (eventId: number) => useMutation(muteConversationMutation(eventId));
