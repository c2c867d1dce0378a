import { z } from "zod";
import { lineSchema } from "./fields";
import { defineTexts } from "./i18n/texts";
import { EMAIL_MAX, NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "./limits";

/** The early-access list's form: its rules and messages; the server checks the same schema. */
export const earlyAccessBodySchema = z.object({
  fullName: lineSchema({ error: "Full name is required" }).trim().min(1, "Full name is required").max(NAME_MAX),
  email: z.string().trim().max(EMAIL_MAX).pipe(z.email("Valid email is required")),
  username: lineSchema()
    .trim()
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`),
});
export type EarlyAccessBody = z.infer<typeof earlyAccessBodySchema>;

/** Sign-ups per client address per minute, spent before validation (the route is public). */
export const EARLY_ACCESS_SIGNUPS_PER_MINUTE = 20;
export const EARLY_ACCESS_LIMIT_TEXTS = defineTexts("earlyAccessLimit", {
  tooMany: "Too many requests, try again in {seconds} s",
});
export const EARLY_ACCESS_JOINED_MESSAGE = "You're on the list!";
export const EARLY_ACCESS_ALREADY_MESSAGE = "You're already on the list";
export const earlyAccessResultSchema = z.object({ message: z.string(), alreadyListed: z.boolean() });

/** Real figures, not a fixed "107 waiting, 0 given" (docs/spec-deviations.md). */
export const earlyAccessStatsSchema = z.object({ waiting: z.number().int(), given: z.number().int() });

export const googleStatusSchema = z.object({ enabled: z.boolean() });
