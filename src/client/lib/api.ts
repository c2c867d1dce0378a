import type { QueryFunction } from "@tanstack/react-query";

/**
 * A non-OK answer: still an Error("{status}: {body}") as spec 01 §8 has it, plus a 429's
 * Retry-After in whole seconds, for "Too many attempts, try again in N s" (issue 9.16).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/** Spec 01 §8: a non-OK answer becomes Error("{status}: {body text or status text}"). */
async function throwIfNotOk(response: Response) {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new ApiError(`${response.status}: ${text}`, response.status, retryAfter > 0 ? Math.ceil(retryAfter) : null);
}

/** Spec 01 §7: credentials always; a JSON content type and body only when there is a payload. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body !== undefined ? { "Content-Type": "application/json" } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** Default query function: the query key joined with "/" is the URL. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.filter((part) => part !== undefined && part !== null).join("/"), {
      credentials: "include",
    });
    if (on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/**
 * The human part of an api error: the server's JSON `message` out of "{status}: {body}",
 * else the body text, else null when there is nothing beyond the status.
 */
export function errorMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || null;
  const body = match[1].trim();
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message || null;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return body;
}

/** The numeric status of an api error, if it carries one. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}
