import { z } from "zod";
import { LOGIN_TEXTS, REGISTER_PROFILE_DEFAULTS } from "./auth-texts";
import { coordinateTextSchema, lineSchema } from "./fields";
import { inviteCodeParamsSchema } from "./groups";
import { languageSchema } from "./i18n/language-schemas";
import { DEFAULT_LANGUAGE } from "./i18n/languages";
import { defineTexts, messageKey } from "./i18n/texts";
import {
  ACCESS_CODE_LENGTH,
  EMAIL_MAX,
  LIST_ITEMS_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SHORT_TEXT_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from "./limits";
import { AUTH_FORM_TEXTS } from "./shell-texts";
import { timezoneSchema } from "./timezones";
import { currentUserSchema, emailSchema, profileFields } from "./users";

const fullName = lineSchema({ error: messageKey(AUTH_FORM_TEXTS, "fullNameRequired") })
  .trim()
  .min(1, messageKey(AUTH_FORM_TEXTS, "fullNameRequired"))
  .max(NAME_MAX);

/**
 * The login form: one identifier (the username or the e-mail) and the password. The server never used
 * the name or e-mail the seed form also asked for, so a returning person types only what signs them in.
 */
export const loginFormSchema = z.object({
  username: lineSchema({ error: messageKey(LOGIN_TEXTS, "identifierRequired") })
    .trim()
    .min(1, messageKey(LOGIN_TEXTS, "identifierRequired"))
    .max(EMAIL_MAX),
  password: z.string().min(1, messageKey(LOGIN_TEXTS, "passwordRequired")).max(PASSWORD_MAX),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** What POST /api/login needs: the username or e-mail plus the password; other fields are ignored. */
export const loginBodySchema = z.object({
  username: lineSchema({ error: messageKey(AUTH_FORM_TEXTS, "usernameRequired") })
    .trim()
    .min(1, messageKey(AUTH_FORM_TEXTS, "usernameRequired"))
    .max(EMAIL_MAX),
  password: z.string().min(1, messageKey(LOGIN_TEXTS, "passwordRequired")).max(PASSWORD_MAX),
  fullName: z.string().max(NAME_MAX).optional(),
  email: z.string().max(EMAIL_MAX).optional(),
});

const username = z
  .string()
  .trim()
  .min(USERNAME_MIN, messageKey(AUTH_FORM_TEXTS, "usernameMin"))
  .max(USERNAME_MAX, messageKey(AUTH_FORM_TEXTS, "usernameMax"))
  .regex(/^[A-Za-z0-9_.-]+$/, messageKey(AUTH_FORM_TEXTS, "usernameChars"));
const password = z
  .string()
  .min(PASSWORD_MIN, messageKey(AUTH_FORM_TEXTS, "passwordMin"))
  .max(PASSWORD_MAX, messageKey(AUTH_FORM_TEXTS, "passwordMax"));

/** The register form; confirmPassword never leaves the browser. */
export const registerFormSchema = z
  .object({
    fullName,
    username,
    email: emailSchema,
    password,
    confirmPassword: z.string().min(1, messageKey(AUTH_FORM_TEXTS, "confirmPassword")),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messageKey(AUTH_FORM_TEXTS, "passwordsDiffer"),
    path: ["confirmPassword"],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/**
 * A preference is a flat value: a scalar or a short list of short strings. Arbitrary JSON would let
 * a body nest thousands of levels deep into a jsonb column, slow to parse, store and read back.
 */
const preferenceValue = z.union([
  lineSchema().max(SHORT_TEXT_MAX),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(lineSchema().max(SHORT_TEXT_MAX)).max(LIST_ITEMS_MAX),
]);

/** The register call's body: the form's fields and empty profile defaults; the server enforces the form's rules. */
export const registerBodySchema = z.object({
  fullName,
  username,
  email: emailSchema,
  password,
  bio: profileFields.bio.default(REGISTER_PROFILE_DEFAULTS.bio),
  profession: profileFields.profession.default(REGISTER_PROFILE_DEFAULTS.profession),
  profileImage: z.null().default(REGISTER_PROFILE_DEFAULTS.profileImage),
  interests: profileFields.interests.default(REGISTER_PROFILE_DEFAULTS.interests),
  skills: profileFields.skills.default(REGISTER_PROFILE_DEFAULTS.skills),
  careerPath: profileFields.careerPath.default(REGISTER_PROFILE_DEFAULTS.careerPath),
  latitude: coordinateTextSchema(90).default(REGISTER_PROFILE_DEFAULTS.latitude),
  longitude: coordinateTextSchema(180).default(REGISTER_PROFILE_DEFAULTS.longitude),
  availabilityPreferences: z
    .record(lineSchema().max(SHORT_TEXT_MAX), preferenceValue)
    .refine((o) => Object.keys(o).length <= LIST_ITEMS_MAX)
    .default(REGISTER_PROFILE_DEFAULTS.availabilityPreferences),
  /** A real IANA zone ("Mars/Olympus" was stored before). */
  timezone: timezoneSchema.default(REGISTER_PROFILE_DEFAULTS.timezone),
  /** The language the person chose on the sign-in screen (or their browser's); Link speaks it from then on. */
  language: languageSchema.default(DEFAULT_LANGUAGE),
  /**
   * A usable group invite is an access grant of its own, so an invited friend needs no early-access
   * code; the new account joins that group. Without it the grant cookie of a verified access code is
   * required.
   */
  inviteCode: inviteCodeParamsSchema.shape.code.optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The texts of a registration refused for want of an access grant. */
export const ACCESS_GRANT_TEXTS = defineTexts("accessGrant", {
  missing: "Registration needs an early-access code or a group invite. Enter your code first.",
  inviteUnusable: "This invite can no longer be used to register. Ask for a new invite or enter an early-access code.",
  /** The code's grant is spent by this answer, so a grant cannot be used to test address after address. */
  emailTaken: "Email already registered. Sign in or reset your password; registering again needs your code again.",
});

const oidcParam = z.string().max(2048).optional();
/**
 * What Google's redirect back carries (RFC 6749 section 4.1.2 and OpenID Connect). The server hands the
 * whole callback URL to the OpenID client, so this schema only bounds and documents it; other
 * parameters a provider adds are let through.
 */
export const googleCallbackQuerySchema = z
  .object({
    code: oidcParam,
    state: oidcParam,
    scope: oidcParam,
    error: oidcParam,
    error_description: oidcParam,
    iss: oidcParam,
  })
  .loose();
export const accessCodeSchema = z.object({
  code: z.string().regex(new RegExp(`^\\d{${ACCESS_CODE_LENGTH}}$`), messageKey(AUTH_FORM_TEXTS, "accessCodeDigits")),
});
export const accessCodeResultSchema = z.object({ valid: z.boolean() });
/** GET /api/access-grant: whether this browser's HttpOnly grant cookie is still good, so /auth can skip the gate. */
export const accessGrantStatusSchema = z.object({ granted: z.boolean() });

/** POST /api/register answers the new account, plus the group it joined when an invite was its grant. */
export const registerResultSchema = currentUserSchema.extend({
  joinedGroup: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/**
 * A message answer, in the request's language. Every error answer carries `code` beside it: a stable machine
 * name ("events.full", or the status's name, e.g. "not_found") a client may branch on whatever the language.
 */
export const messageSchema = z.object({ message: z.string(), code: z.string().optional() });

export {
  GOOGLE_SIGN_IN_ERRORS,
  type GoogleSignInError,
  REGISTER_PROFILE_DEFAULTS,
  tooManyAttemptsText,
} from "./auth-texts";
