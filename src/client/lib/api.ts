import type { z } from "zod";
import { currentLanguage, spokenLanguage } from "./i18n";

/**
 * A non-OK answer. Its message stays "{status}: {body text, or status text when empty}", the form
 * errorMessage and errorStatus read back; a 429 also carries its Retry-After in whole seconds, for
 * "Too many attempts, try again in N s".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    body: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(`${status}: ${body}`);
  }
}

async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new ApiError(response.status, text, retryAfter > 0 ? Math.ceil(retryAfter) : null);
}

/** Credentials always (the session is a cookie); a JSON content type and body only when there is a payload. */
async function send(method: string, url: string, body?: unknown): Promise<Response> {
  // The server answers (errors included) in the language the app speaks now, which may not be the browser's.
  const language = currentLanguage().language;
  const headers: Record<string, string> = { "Accept-Language": spokenLanguage(language) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(url, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * The answer's type is the contract schema's, named as a type argument (`api.get<typeof eventSchema>(url)`):
 * the answer is not parsed again here, because the server already serializes every answer through that same
 * schema (fastify-type-provider-zod) and the feed and chat pages are large. Naming only the schema's type
 * keeps zod and the schemas out of the bundles of screens that never validate anything.
 */
async function read<S extends z.ZodType>(method: string, url: string, body?: unknown) {
  const response = await send(method, url, body);
  return (await response.json()) as z.output<S>;
}

/** Every call to the server. Reads and writes whose answer is used name its contract schema's type. */
export const api = {
  get: <S extends z.ZodType>(url: string) => read<S>("GET", url),
  post: <S extends z.ZodType>(url: string, body?: unknown) => read<S>("POST", url, body),
  put: <S extends z.ZodType>(url: string, body?: unknown) => read<S>("PUT", url, body),
  patch: <S extends z.ZodType>(url: string, body?: unknown) => read<S>("PATCH", url, body),
  delete: <S extends z.ZodType>(url: string, body?: unknown) => read<S>("DELETE", url, body),
  /** A call whose answer is not read (or is read as something other than JSON). */
  send,
};

/**
 * The human part of an api error: the server's JSON `message` out of "{status}: {body}",
 * else the body text, else null when there is nothing beyond the status.
 */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  // A client-side error, thrown with its words already in the app's language.
  if (!match) return error.message || null;
  const body = match[1].trim();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      // The server wrote it in the language the app asked for (Accept-Language).
      return parsed.message || null;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return body;
}

/** The numeric status of an api error, if it carries one. */
export function errorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}
