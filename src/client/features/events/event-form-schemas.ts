import { CREATE_EVENT_MISSING_TEXTS, createEventBodySchema, updateEventBodySchema } from "@contract/events";
import { messageKey } from "@contract/i18n/texts";
import { z } from "zod";

/**
 * What the create and edit dialogs check before sending: a required field left empty says what it needs
 * (CREATE_EVENT_MISSING_TEXTS), everything else is the rule the server checks, from the contract's own body
 * schema. The date and time are only required here: the server decides whether the moment is too early.
 * Create also checks the questions it asks, each one's error said under it.
 */
type TextRule = z.ZodType<string, string>;
const filled = (message: string) => z.string().refine((value) => value.trim() !== "", message);

const eventFormSchema = (fields: { title: TextRule; description: TextRule; location: z.ZodType }) =>
  z.object({
    title: filled(messageKey(CREATE_EVENT_MISSING_TEXTS, "title")).pipe(fields.title),
    date: filled(messageKey(CREATE_EVENT_MISSING_TEXTS, "date")),
    time: filled(messageKey(CREATE_EVENT_MISSING_TEXTS, "time")),
    location: fields.location,
    description: filled(messageKey(CREATE_EVENT_MISSING_TEXTS, "description")).pipe(fields.description),
  });

export const createEventFormSchema = eventFormSchema(createEventBodySchema.shape).extend({
  guests: z.object({ questions: createEventBodySchema.shape.questions.unwrap() }),
});

const update = updateEventBodySchema.shape;
export const editEventFormSchema = eventFormSchema({
  title: update.title.unwrap(),
  description: update.description.unwrap(),
  location: update.location.unwrap(),
});
