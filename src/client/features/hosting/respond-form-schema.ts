import { participantBodySchema } from "@contract/events";
import { HOSTING_GUEST_TEXTS } from "@contract/hosting-texts";
import { messageKey } from "@contract/i18n/texts";

/**
 * What the respond dialog checks before sending: the answers and plus-ones by the rules of the body
 * POST /api/event-participants checks, and, as the server's checkResponse does, every question the event
 * requires answered (said under the question).
 */
export const respondFormSchema = (questions: readonly { id: string; required: boolean }[]) =>
  participantBodySchema.pick({ answers: true, guests: true }).superRefine(({ answers }, context) => {
    for (const question of questions) {
      if (question.required && !answers?.[question.id]?.trim()) {
        context.addIssue({
          code: "custom",
          path: ["answers", question.id],
          message: messageKey(HOSTING_GUEST_TEXTS, "answerNeeded"),
        });
      }
    }
  });
