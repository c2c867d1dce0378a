import { z } from "zod";
import { defineTexts, messageKey } from "./i18n/texts";
import { PASSWORD_MAX, PASSWORD_MIN } from "./limits";
import { AUTH_FORM_TEXTS } from "./shell-texts";
import { emailSchema } from "./users";

/**
 * Account control: change and reset the password, verify the e-mail address, export
 * one's data and delete the account. Shapes, limits and the texts a user sees live here.
 */

/** A reset link works once, within the hour (OWASP Forgot Password Cheat Sheet). */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** A verification link works once, within a day. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;
/** The tokens travel in links: 32 random bytes, base64url (43 characters). */
const ACCOUNT_TOKEN_LENGTH = 43;

/** Reset requests: per client address and per typed e-mail, so neither a crawler nor a mailbox bomb gets far. */
export const PASSWORD_RESET_BUDGETS = {
  perAddress: { points: 10, windowMs: 60 * 60_000 },
  perEmail: { points: 3, windowMs: 60 * 60_000 },
} as const;
/** Spending a reset or verification link, per client address: a guesser of 256-bit tokens gets nowhere anyway. */
export const ACCOUNT_LINK_BUDGET = { points: 30, windowMs: 60 * 60_000 } as const;
/** Verification e-mails per account. */
export const EMAIL_VERIFICATION_BUDGET = { points: 3, windowMs: 60 * 60_000 } as const;
/** Password checks on change/delete per account: a stolen session cannot guess the password at leisure. */
export const ACCOUNT_PASSWORD_CHECK_BUDGET = { points: 10, windowMs: 15 * 60_000 } as const;

/** What the account routes answer; tooManyRequests takes the answer's Retry-After as {seconds}. */
export const ACCOUNT_TEXTS = defineTexts("account", {
  wrongPassword: "Current password is incorrect",
  passwordChanged: "Password changed. Other devices were signed out.",
  resetRequested: "If an account uses that e-mail, a reset link is on its way. It works for one hour.",
  resetDone: "Password reset. Sign in with your new password.",
  tokenInvalid: "This link is invalid or has expired. Ask for a new one.",
  verificationSent: "Verification e-mail sent. The link works for 24 hours.",
  alreadyVerified: "Your e-mail address is already verified",
  verified: "E-mail address verified",
  deleted: "Your account was deleted",
  deletedUser: "Deleted user",
  deleteRetry: "Your account changed while it was being deleted: try again",
  tooManyRequests: "Too many requests, try again in {seconds} s",
});

const newPassword = z
  .string()
  .min(PASSWORD_MIN, messageKey(AUTH_FORM_TEXTS, "passwordMin"))
  .max(PASSWORD_MAX, messageKey(AUTH_FORM_TEXTS, "passwordMax"));
const currentPassword = z
  .string()
  .min(1, messageKey(AUTH_FORM_TEXTS, "currentPasswordRequired"))
  .max(PASSWORD_MAX, messageKey(AUTH_FORM_TEXTS, "passwordMax"));
const token = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, messageKey(ACCOUNT_TEXTS, "tokenInvalid"))
  .length(ACCOUNT_TOKEN_LENGTH, messageKey(ACCOUNT_TEXTS, "tokenInvalid"));

/** POST /api/account/password */
export const changePasswordSchema = z.object({ currentPassword, newPassword }).strict();

/** POST /api/account/password-reset/request (public) */
export const passwordResetRequestSchema = z.object({ email: emailSchema }).strict();

/** POST /api/account/password-reset (public) */
export const passwordResetSchema = z.object({ token, newPassword }).strict();

/** POST /api/account/email-verification/confirm (public: the link may be opened on another device) */
export const emailVerificationConfirmSchema = z.object({ token }).strict();

/** DELETE /api/account */
export const deleteAccountSchema = z.object({ password: currentPassword }).strict();

/** GET /api/account */
export const accountStatusSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  googleLinked: z.boolean(),
});

/** The file name of GET /api/account/export. */
export const EXPORT_FILE_NAME = "link-my-data.json";
