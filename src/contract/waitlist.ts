import { z } from "zod";
import { lineSchema } from "./fields";
import { defineTexts } from "./i18n/texts";
import { EMAIL_MAX, NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "./limits";

/** The waitlist form's rules and messages; the server checks the same schema. */
export const waitlistBodySchema = z.object({
  fullName: lineSchema({ error: "Full name is required" }).trim().min(1, "Full name is required").max(NAME_MAX),
  email: z.string().trim().max(EMAIL_MAX).pipe(z.email("Valid email is required")),
  username: lineSchema()
    .trim()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
});
export type WaitlistBody = z.infer<typeof waitlistBodySchema>;

/** Sign-ups per client address per minute, spent before validation (the route is public). */
export const WAITLIST_SIGNUPS_PER_MINUTE = 20;
export const WAITLIST_TEXTS = defineTexts("waitlist", { tooMany: "Too many requests, try again in {seconds} s" });
export const WAITLIST_JOINED_MESSAGE = "You're on the list!";
export const WAITLIST_ALREADY_MESSAGE = "You're already on the list";
export const waitlistResultSchema = z.object({ message: z.string(), alreadyListed: z.boolean() });

/** Real figures, not a fixed "107 waiting, 0 given" (docs/spec-deviations.md). */
export const waitlistStatsSchema = z.object({ waiting: z.number().int(), given: z.number().int() });

export const googleStatusSchema = z.object({ enabled: z.boolean() });
