import { CONVERSATION_TEXTS, type EventConversation } from "#contract/event-conversation";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import type { EventAccess } from "../visibility";
import type { EventConversationRepository } from "./repository";

interface ConversationEvent {
  id: number;
  title: string;
  hostId: number;
  hiddenAt: Date | null;
}

export function eventConversationService({
  repo,
  access,
  findEvent,
  statusOf,
  goingIds,
  cohostIds,
  send,
}: {
  repo: EventConversationRepository;
  /** The event rule: one the person may not open (hidden, across a block with a host) is not found. */
  access: Pick<EventAccess, "requireVisible">;
  findEvent: (eventId: number) => Promise<ConversationEvent | undefined>;
  /** The person's participant status for the event, if any. */
  statusOf: (eventId: number, userId: number) => Promise<string | null>;
  goingIds: (eventId: number) => Promise<number[]>;
  cohostIds: (eventId: number) => Promise<number[]>;
  /** Posts a chat message as `userId` through the group chat's own path (stored, delivered, pushed). */
  send: (userId: number, input: { groupId: number; message: string }, kind: "update") => Promise<unknown>;
}) {
  /**
   * The host and guests going may be in the conversation; anyone else is refused, and an event the person
   * may not open is not found, as an unknown one (a block never shows itself as a refusal).
   */
  async function requireGuest(eventId: number, userId: number) {
    const event = await access.requireVisible(eventId, userId);
    if (event.hostId !== userId && (await statusOf(eventId, userId)) !== "going")
      throw new HttpError(403, messageKey(CONVERSATION_TEXTS, "onlyGuests"));
    return event;
  }

  async function open(userId: number, eventId: number) {
    const event = await requireGuest(eventId, userId);
    let groupId = await repo.groupOf(eventId);
    if (groupId === undefined) {
      groupId = await repo.open(event, await goingIds(eventId));
    }
    // Someone who started going after it was made (or came back) joins on their first look.
    await repo.ensureMember(groupId, userId);
    return groupId;
  }

  return {
    async conversation(userId: number, eventId: number): Promise<EventConversation> {
      const groupId = await open(userId, eventId);
      return { groupId, muted: await repo.isMuted(groupId, userId) };
    },
    async mute(userId: number, eventId: number, muted: boolean): Promise<EventConversation> {
      const groupId = await open(userId, eventId);
      await repo.setMuted(groupId, userId, muted);
      return { groupId, muted };
    },
    /**
     * The hosts (host and co-hosts) of the event whose guests' conversation this group is; null for any other
     * group. The groups module asks it: a conversation has no invite links, and only its hosts remove people.
     */
    async hostsOf(groupId: number): Promise<number[] | null> {
      const eventId = await repo.eventOf(groupId);
      const event = eventId === undefined ? undefined : await findEvent(eventId);
      if (!event) return null;
      return [event.hostId, ...(await cohostIds(event.id))];
    },
    /** The event whose guests' conversation the group is, if it is one. */
    eventOf: repo.eventOf,
    /** Members who muted a group's conversation: chat push and e-mail skip them. */
    mutedIds: repo.mutedIds,
    /**
     * A host's update to their guests, posted in the event's conversation (made now if needed); the
     * hosting module calls it for every update sent to the going guests.
     */
    async postHostUpdate(hostId: number, eventId: number, text: string) {
      const groupId = await open(hostId, eventId);
      // Stored as the host's words and its kind: each reader's screen writes "Update from the host" in theirs.
      await send(hostId, { groupId, message: text }, "update");
    },
  };
}
