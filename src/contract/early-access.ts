import { z } from "zod";
import { lineSchema } from "./fields";
import { defineTexts, messageKey } from "./i18n/texts";
import { EMAIL_MAX, NAME_MAX, USERNAME_MAX, USERNAME_MIN } from "./limits";
import { AUTH_FORM_TEXTS } from "./shell-texts";

/** The early-access list's form: its rules and messages; the server checks the same schema. */
export const earlyAccessBodySchema = z.object({
  fullName: lineSchema({ error: messageKey(AUTH_FORM_TEXTS, "fullNameRequired") })
    .trim()
    .min(1, messageKey(AUTH_FORM_TEXTS, "fullNameRequired"))
    .max(NAME_MAX),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX)
    .pipe(z.email(messageKey(AUTH_FORM_TEXTS, "emailRequired"))),
  username: lineSchema()
    .trim()
    .min(USERNAME_MIN, messageKey(AUTH_FORM_TEXTS, "usernameMin"))
    .max(USERNAME_MAX, messageKey(AUTH_FORM_TEXTS, "usernameMax")),
});
export type EarlyAccessBody = z.infer<typeof earlyAccessBodySchema>;

/** Sign-ups per client address per minute, spent before validation (the route is public). */
export const EARLY_ACCESS_SIGNUPS_PER_MINUTE = 20;
export const EARLY_ACCESS_LIMIT_TEXTS = defineTexts("earlyAccessLimit", {
  tooMany: "Too many requests, try again in {seconds} s",
});
export const earlyAccessResultSchema = z.object({ message: z.string(), alreadyListed: z.boolean() });

/** Real figures, not a fixed "107 waiting, 0 given" (docs/spec-deviations.md). */
export const earlyAccessStatsSchema = z.object({ waiting: z.number().int(), given: z.number().int() });

export const googleStatusSchema = z.object({ enabled: z.boolean() });
