import { chatMessageSchema, type SendMessageBody } from "@contract/chat";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { addMessagesToCache } from "./chat-messages";

/** The server decides the message's type (text here; event shares and photos come from their own actions). */
export const sendMessageMutation = () =>
  mutationOptions({
    mutationFn: (body: SendMessageBody) => api.post("/api/chat/messages", chatMessageSchema, body),
    onSuccess: (message, _body, _result, { client }) => addMessagesToCache(client, message.groupId, [message]),
  });

export const useSendMessage = () => useMutation(sendMessageMutation());
