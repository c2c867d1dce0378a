import { TOO_MANY_ATTEMPTS_TEXTS } from "@contract/auth-texts";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { ApiError, errorMessage, errorStatus } from "@/lib/api";
import { text } from "@/lib/i18n";

/**
 * What a 429 from the gate, login or register shows: "Too many attempts, try again in N s" with N
 * from the answer's Retry-After, so a valid code refused by the limit never reads "Invalid Code";
 * null for any other error.
 */
export function tooManyAttemptsMessage(error: unknown): string | null {
  if (errorStatus(error) !== 429) return null;
  if (error instanceof ApiError && error.retryAfterSeconds)
    return text(TOO_MANY_ATTEMPTS_TEXTS, "tooManyAttempts", { seconds: String(error.retryAfterSeconds) });
  return errorMessage(error) ?? text(AUTH_TEXTS, "tooManyAttemptsLater");
}
