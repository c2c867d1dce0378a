/**
 * Where /auth?redirect=... may send a user after sign-in: same-site paths only.
 * "//host" and "/\host" are protocol-relative to browsers, so they are refused (open redirect).
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return "/";
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  // Control characters let some browsers turn "/\t/evil" into "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to reject them
  if (/[\u0000-\u001f\u007f]/.test(target)) return "/";
  if (target === "/auth" || target.startsWith("/auth?") || target.startsWith("/auth/")) return "/";
  return target;
}

export function authPathFor(path: string) {
  return path && path !== "/" ? `/auth?redirect=${encodeURIComponent(path)}` : "/auth";
}

/**
 * The invite code when the way back is an invite page (`/invite/{code}`): a group invite is an
 * access grant of its own, so such a visitor skips the early-access gate.
 */
export function inviteCodeOf(target: string | null | undefined): string | null {
  const match = /^\/invite\/([^/?#]+)$/.exec(safeRedirect(target));
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** A pasted invite link is a URL a person copied from a chat: long enough for any origin, never a page of text. */
export const INVITE_LINK_MAX = 2048;

/** The code of a pasted invite link ("https://link.example/invite/abc123", "/invite/abc123" or the bare code). */
export function inviteCodeFromLink(pasted: string): string | null {
  const text = pasted.trim();
  if (!text || text.length > INVITE_LINK_MAX) return null;
  const match = /\/invite\/([A-Za-z0-9_-]{1,64})\/?(?:[?#].*)?$/.exec(text);
  if (match) return match[1];
  return /^[A-Za-z0-9_-]{6,64}$/.test(text) ? text : null;
}

/** The path an event's public preview sends a newcomer back to: the event, asking to answer once signed in. */
export function eventJoinPath(eventId: number) {
  return `/events/${eventId}?join=1`;
}

/**
 * The event when the way back is its link with a request to join: the sign-in page offers the way back to it.
 * An event's id lets nobody register (ids are sequential, so anyone could name one): the access code's gate stays.
 */
export function eventIdOf(target: string | null | undefined): number | null {
  const match = /^\/events\/(\d{1,10})\?join=1$/.exec(safeRedirect(target));
  return match ? Number(match[1]) : null;
}
