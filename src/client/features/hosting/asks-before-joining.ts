import type { EventDetail } from "@contract/events";

/** Whether answering this event needs the dialog: it asks questions or lets people bring plus-ones. */
export const asksBeforeJoining = (event: Pick<EventDetail, "questions" | "maxGuestsPerPerson">) =>
  event.questions.length > 0 || event.maxGuestsPerPerson > 0;
