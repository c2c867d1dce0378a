import { updateEventBodySchema } from "@contract/events";
import { z } from "zod";

/**
 * What Guest options checks before saving: its four settings by the rules PATCH /api/events/{id} checks,
 * each one sent every time, and whether the later dates of a series take them too.
 */
export const guestOptionsFormSchema = updateEventBodySchema
  .pick({ questions: true, maxGuestsPerPerson: true, guestList: true, waitlistMode: true })
  .required()
  .extend({ following: z.boolean() });
export type GuestOptionsValues = z.output<typeof guestOptionsFormSchema>;
