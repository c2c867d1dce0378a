// The sign-in screen's texts and defaults, apart from the schemas: the client's first screen reads them
// without loading zod. auth.ts re-exports what the server and the contract still name through it.
import { defineTexts, formatMessage } from "./i18n/texts";
import { DEFAULT_TIMEZONE } from "./limits";

/** The login form's texts. */
export const LOGIN_TEXTS = defineTexts("login", {
  identifier: "Username or e-mail",
  identifierRequired: "Enter your username or e-mail",
  passwordRequired: "Password is required",
  identifierPlaceholder: "janedoe or jane@example.com",
  password: "Password",
  passwordPlaceholder: "Your password",
  forgotPassword: "Forgot password?",
  signingIn: "Signing in",
  logIn: "Log in",
});

/** The profile fields a new account starts with; the register form sends them as they are. */
export const REGISTER_PROFILE_DEFAULTS = {
  bio: "",
  profession: "",
  profileImage: null,
  interests: [] as string[],
  skills: [] as string[],
  careerPath: "",
  latitude: "",
  longitude: "",
  /** None yet: the register body's schema says what a preference may hold. */
  availabilityPreferences: {} as Record<string, never>,
  timezone: DEFAULT_TIMEZONE,
};

/** What every 429 of the gate, login and register says; N is the answer's Retry-After. */
export function tooManyAttemptsText(retryAfterSeconds: number) {
  return formatMessage("en", TOO_MANY_ATTEMPTS_TEXTS.tooManyAttempts, { seconds: String(retryAfterSeconds) });
}
/** The 429 text as a message, translated with { seconds }. */
export const TOO_MANY_ATTEMPTS_TEXTS = defineTexts("tooManyAttempts", {
  tooManyAttempts: "Too many attempts, try again in {seconds} s",
});

/**
 * Why Google sign-in sent the browser back to /auth (`/auth?error=<key>`). An existing
 * password account is never entered by its e-mail alone: its owner signs in and confirms the link.
 */
export const GOOGLE_SIGN_IN_ERRORS = defineTexts("googleSignIn", {
  google: "Google sign-in did not complete. Please try again.",
  "google-link":
    "An account with this e-mail already exists. Sign in with its password below to link your Google account to it.",
  "google-taken": "That Google account is already linked to another Link account.",
  "google-grant":
    "A new account needs an early-access code or a group invite. Enter your code first, then continue with Google.",
  /** The same text as SAFETY_TEXTS.suspended for a password sign-in. */
  "google-suspended": "This account is suspended. Contact the moderators if you think this is a mistake.",
});
export type GoogleSignInError = keyof typeof GOOGLE_SIGN_IN_ERRORS;
