import { EVENT_NOTICES } from "../../../contract/event-notices";
import { HttpError } from "../../http/http-error";
import type { NotificationsService } from "../notifications/service";
import type { DeckRepository } from "./repository";

/** The deck's undo takes back the last swipe, so the card can come back and be answered again. */
export function deckService({ repo, notifications }: { repo: DeckRepository; notifications: NotificationsService }) {
  return {
    async undo(userId: number, eventId: number) {
      const event = await repo.findEvent(eventId);
      if (!event) throw new HttpError(404, "Event not found");
      const { removed, promoted } = await repo.withdraw(eventId, userId);
      if (!removed) throw new HttpError(404, "There is no answer to undo for this event");
      if (promoted != null) {
        await notifications.notify(promoted, EVENT_NOTICES.offWaitlist(event));
      }
    },
  };
}
