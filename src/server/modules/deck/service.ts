import type { Db } from "../../db/client";
import { HttpError } from "../../http/http-error";
import type { Bus } from "../../realtime/bus";
import { notify } from "../notifications/notify";
import type { DeckRepository } from "./repository";

/** Issue 12.5: the deck's undo takes back the last swipe, so the card can come back and be answered again. */
export function deckService(repo: DeckRepository, deps: { db: Db; bus: Bus }) {
  return {
    async undo(userId: number, eventId: number) {
      const event = await repo.findEvent(eventId);
      if (!event) throw new HttpError(404, "Event not found");
      const { removed, promoted } = await repo.withdraw(eventId, userId);
      if (!removed) throw new HttpError(404, "There is no answer to undo for this event");
      if (promoted != null) {
        const title =
          (await deps.db.query.events.findFirst({ where: (e, { eq }) => eq(e.id, eventId), columns: { title: true } }))
            ?.title ?? "the event";
        await notify(deps, promoted, {
          type: "participant_update",
          title: "You're off the waitlist",
          message: `A spot opened up: you're going to ${title}`,
          actionUrl: `/events/${eventId}`,
        });
      }
    },
  };
}
