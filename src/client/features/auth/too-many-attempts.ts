import { tooManyAttemptsText } from "@contract/auth-texts";
import { ApiError, errorMessage, errorStatus } from "@/lib/api";

/**
 * What a 429 from the gate, login or register shows: "Too many attempts, try again in N s" with N
 * from the answer's Retry-After, so a valid code refused by the limit never reads "Invalid Code";
 * null for any other error.
 */
export function tooManyAttemptsMessage(error: unknown): string | null {
  if (errorStatus(error) !== 429) return null;
  if (error instanceof ApiError && error.retryAfterSeconds) return tooManyAttemptsText(error.retryAfterSeconds);
  return errorMessage(error) ?? "Too many attempts, try again later";
}
