import { z } from "zod";
import { defineTexts } from "./i18n/texts";

/** GET /api/events/{id}/conversation: the event's guests' conversation (a group chat), made on first use. */
export const eventConversationSchema = z.object({ groupId: z.number().int(), muted: z.boolean() });
export type EventConversation = z.infer<typeof eventConversationSchema>;

/** PUT /api/events/{id}/conversation/mute: muted members hear no push or e-mail for its messages. */
export const muteConversationBodySchema = z.object({ muted: z.boolean() }).strict();

export const CONVERSATION_TEXTS = defineTexts("conversation", {
  open: "Guests' conversation",
  description: "Chat with the host and everyone going",
  onlyGuests: "Only the host and guests going can join the conversation",
  groupDescription: "Guests' conversation of {title}",
  /** The groups screen lists these apart from ordinary groups, under this heading. */
  listed: "Guests' conversations",
  listedHint: "With the hosts and everyone going to an event",
  mute: "Mute conversation",
  unmute: "Unmute conversation",
  muted: "Conversation muted",
  unmuted: "Conversation unmuted",
  hostUpdate: "Update from the host: {text}",
  noInvites: "A guests' conversation has no invite links: people join it by going to the event",
  noPlans: "Plans are made in groups, not in an event's guests' conversation",
  hostsStay: "The hosts stay in their guests' conversation: mute it instead",
  onlyHostsRemove: "Only the hosts can remove someone from their guests' conversation",
});
