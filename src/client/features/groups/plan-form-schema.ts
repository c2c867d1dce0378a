import { createGroupEventBodySchema } from "@contract/events";
import { GROUP_EVENT_TEXTS } from "@contract/groups";
import { messageKey } from "@contract/i18n/texts";
import { z } from "zod";

const fields = createGroupEventBodySchema.shape;

/**
 * What the plan form checks before sending: an empty title says it is required, the rest is the rule the
 * server checks, from the contract's own body schema. Dates are the server's to judge (a poll's options too).
 */
export const planFormSchema = z.object({
  title: z
    .string()
    .refine((value) => value.trim() !== "", messageKey(GROUP_EVENT_TEXTS, "titleRequired"))
    .pipe(fields.title),
  description: fields.description,
});
