// Every limit of the product (docs/product.md), each beside its reason. Nothing else writes these numbers.
import { defineTexts, formatMessage } from "./i18n/texts";

/** Access codes are ten digits. */
export const ACCESS_CODE_LENGTH = 10;
/** What registering asks of a username and a password (the form and the server check the same). */
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
/** Upper bounds the product's rules do not give; they keep rows and argon2 work bounded. */
export const USERNAME_MAX = 40;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const BIO_MAX = 1000;
export const SHORT_TEXT_MAX = 200;
export const LIST_ITEMS_MAX = 30;
/** The zone when none is known: an account registered without one, an event whose place and host name none. */
export const DEFAULT_TIMEZONE = "America/New_York";
/** Discover radius and search debounce. */
export const DISCOVER_RADIUS_KM = 25;
export const SEARCH_DEBOUNCE_MS = 300;
/** A drag past this many pixels answers a swipe card. */
export const SWIPE_THRESHOLD_PX = 150;
/** Avatar stacks show three users then "+N". */
export const AVATAR_STACK_MAX = 3;
/** The calendar grid is six weeks. */
export const CALENDAR_CELLS = 42;
/** Toasts: one visible at a time, for 5 s, removed long after dismissal (Radix keeps it for its exit animation). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Tooltips open after 700 ms; moving to a neighbour within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Nearby search and distance maths. */
export const NEARBY_RADIUS_KM = 10;
export const EARTH_RADIUS_KM = 6371;
/** Create-event dialog default cap. */
export const DEFAULT_MAX_ATTENDEES = 20;
/** Picked photos. */
export const PHOTO_QUALITY = 90;
/**
 * Every id, cursor and count in the contract fits PostgreSQL's `integer` (int4), the
 * type of every serial id and counter column; a larger number is a 400, never a database error.
 */
export const INT4_MAX = 2 ** 31 - 1;
/**
 * Event dates stay inside a sane horizon. Nothing Link shows predates 2000, and nobody
 * plans a meetup more than five years out; both bounds keep `+275760-09-13` style dates (valid for
 * JavaScript, out of range for timestamptz maths and the feed's microsecond cursor) out of the table.
 */
export const EVENT_DATE_EARLIEST = "2000-01-01T00:00:00.000Z";
export const EVENT_DATE_YEARS_AHEAD = 5;
/**
 * Creations per user per hour, across instances (Redis when configured). Each is far
 * beyond what a person does by hand (a host publishing a season of meetups, a planner proposing
 * every weekend) and far below a script (one member created 2 000 plans in 12 s).
 */
export const CREATION_LIMITS = {
  events: { name: "create-events", perHour: 30, what: "events" },
  groupPlans: { name: "create-group-plans", perHour: 60, what: "group plans" },
  groups: { name: "create-groups", perHour: 20, what: "groups" },
  invites: { name: "create-invites", perHour: 30, what: "invite links" },
  friendRequests: { name: "friend-requests", perHour: 60, what: "friend requests" },
} as const;
export const CREATION_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/**
 * The 429 texts of the creation limits and the waits they name, as messages: a reader's language writes
 * "{n} min" its own way. waitText and tooManyCreatedText give the English, as they always did.
 */
export const LIMIT_TEXTS = defineTexts("limits", {
  seconds: "{n} s",
  minutes: "{n} min",
  hours: "{n} h",
  events: "Too many events created, try again in {wait}",
  groupPlans: "Too many group plans created, try again in {wait}",
  groups: "Too many groups created, try again in {wait}",
  invites: "Too many invite links created, try again in {wait}",
  friendRequests: "Too many friend requests created, try again in {wait}",
});
/** Which wait message, and its number: "42 s" under two minutes, "58 min" under two hours, else "3 h". */
export function waitParts(seconds: number): { key: "seconds" | "minutes" | "hours"; n: string } {
  if (seconds < 120) return { key: "seconds", n: String(seconds) };
  if (seconds < 7200) return { key: "minutes", n: String(Math.ceil(seconds / 60)) };
  return { key: "hours", n: String(Math.ceil(seconds / 3600)) };
}
/** A wait as people read it: "42 s" under two minutes, "58 min" under two hours, else "3 h". */
export const waitText = (seconds: number) => {
  const { key, n } = waitParts(seconds);
  return formatMessage("en", LIMIT_TEXTS[key], { n });
};
/** The message key of a creation limit's 429 text, by its `what`. */
function creationLimitKey(what: string): keyof typeof CREATION_LIMITS | undefined {
  return (Object.keys(CREATION_LIMITS) as (keyof typeof CREATION_LIMITS)[]).find(
    (key) => CREATION_LIMITS[key].what === what,
  );
}
/** The 429 text of a creation limit: "Too many events created, try again in 42 s" (or "in 58 min"). */
export const tooManyCreatedText = (what: string, retryAfterSeconds: number) => {
  const key = creationLimitKey(what);
  const wait = waitText(retryAfterSeconds);
  return key ? formatMessage("en", LIMIT_TEXTS[key], { wait }) : `Too many ${what} created, try again in ${wait}`;
};
/** Pagination: a page is never larger than this, whatever the client asks. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Sessions: idle and absolute lifetimes (OWASP session management guidance). */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A verified access code grants one registration for this long (HttpOnly cookie, stored
 * server-side): long enough to read the welcome card and fill in the form, short enough that a
 * forgotten grant on a shared computer soon lapses.
 */
export const ACCESS_GRANT_TTL_MS = 30 * 60 * 1000;
/**
 * Each auth action has its own budget per client address, sized for many people behind
 * one address (a venue's Wi-Fi, an office NAT). The anchor: Mastodon allows 25 sign-ins per 5
 * minutes per IP. AUTH_RATE_LIMIT, when set, replaces every `points` here (test suites, load tests).
 */
export const AUTH_BUDGETS = {
  /** Early-access code checks: a 50-person meetup entering codes within 5 minutes; guessing one of a few 10-digit codes at 10 a minute would take millions of years. */
  gate: { points: 50, windowMs: 5 * 60_000 },
  /** Sign-in attempts per address: Mastodon's 25 per 5 minutes. */
  login: { points: 25, windowMs: 5 * 60_000 },
  /**
   * Sign-in attempts for one account from one address: room for a few typos. Keyed by
   * the pair, so another address's attempts never spend the owner's budget.
   */
  loginAccountAddress: { points: 10, windowMs: 15 * 60_000 },
  /**
   * Registrations per address: the same 50-person meetup signing up together. Each one also spends
   * an access grant (so the gate's budget governs the pace); this bounds argon2 work per address.
   */
  register: { points: 50, windowMs: 15 * 60_000 },
};
/**
 * The per-account back-off. Past this many wrong passwords for one account within the
 * window (from all addresses together) every further wrong answer is held back LOGIN_BACKOFF_DELAY_MS:
 * a distributed guesser is slowed while the owner's right password is never refused or delayed.
 */
export const LOGIN_BACKOFF_FREE_FAILURES = 20;
export const LOGIN_BACKOFF_WINDOW_MS = 60 * 60_000;
export const LOGIN_BACKOFF_DELAY_MS = 1000;
/** JSON bodies larger than this are refused with 413; photos have their own route limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** A picked photo, decoded; the route's body limit allows for base64's 4/3 growth plus the data-URL prefix. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_BODY_LIMIT_BYTES = Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 1024;
/**
 * Pictures: every upload is re-encoded to WebP at these widths (phone, tablet and
 * retina card sizes; never enlarged), so what is served carries no metadata and stays small.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export const IMAGE_WEBP_QUALITY = 80;
/** A decoded photo larger than this (e.g. a 2 MB PNG bomb of 20 000 x 20 000) is refused before it fills memory; 48 MP phones fit. */
export const IMAGE_MAX_PIXELS = 50_000_000;
/** Upload quotas per user: a busy day of covers and photos fits, a flood does not. */
export const UPLOADS_PER_HOUR = 30;
export const UPLOAD_BYTES_PER_DAY = 50 * 1024 * 1024;
/** Availability rows returned per page: about three months of days. */
export const AVAILABILITY_PAGE_MAX = 100;
/** Friends listed per page. */
export const FRIENDS_PAGE_MAX = 100;
/** Friend invitation e-mails a user may send per hour: enough to invite friends, too few to spam. */
export const FRIEND_INVITES_PER_HOUR = 10;
/** Events: bounds the product's rules do not give; they keep rows, feed queries and id lists bounded. */
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_TAGS_MAX = 20;
export const EVENT_IDS_MAX = 100;
export const SEARCH_QUERY_MAX = 100;
/**
 * Nearby people are measured from the centre of the ~1.1 km grid cell they stand in, never from
 * their own position, so distances asked from many places cannot triangulate anyone.
 */
export const PEOPLE_PRIVACY_GRID_DEG = 0.01;
/**
 * Chat and socket floods: every budget below is per USER, counted across all of the
 * user's sockets, REST calls and app instances (Redis when REDIS_URL is set).
 * Open /ws sockets per user: a phone, a laptop and a handful of tabs; the audit's 200 were an attack.
 */
export const SOCKETS_PER_USER_MAX = 10;
/** Sockets a user may open per minute: reconnects after a dropped network, not a loop. */
export const SOCKET_OPENS_PER_MINUTE = 60;
/** Chat messages per user per window, socket and POST /api/chat/messages together: a lively chat is ~20 a minute. */
export const CHAT_MESSAGES_PER_WINDOW = 200;
export const CHAT_MESSAGES_WINDOW_MS = 10 * 60_000;
/**
 * Bursts beside that budget, per user across sockets, REST and instances: a person types a few messages
 * in ten seconds, never hundreds at once (300 sent on 10 sockets used to store 200 within a second).
 */
export const CHAT_BURST_MESSAGES = 20;
export const CHAT_BURST_WINDOW_MS = 10_000;
export const CHAT_MESSAGES_PER_MINUTE = 60;
/** "<name> is typing…": a client says so at most this often while keys are pressed... */
export const TYPING_SEND_INTERVAL_MS = 3000;
/** ...others show it this long after the last word (a little over two intervals, so it does not flicker)... */
export const TYPING_SHOWN_MS = 7000;
/** ...and a server passes on at most one per socket and group this often (a faster client is ignored). */
export const TYPING_MIN_INTERVAL_MS = 2000;
/** Plan votes per user per minute, socket and REST together: tapping through a week of plans, twice. */
export const VOTES_PER_MINUTE = 60;
/** `auth` frames per user per minute: each (re)connect sends one and it reads the user's groups. */
export const SOCKET_AUTH_FRAMES_PER_MINUTE = 30;
/** `join_group`/`leave_group` frames per user per minute: a reconnect re-joins every group, on every tab. */
export const SOCKET_GROUP_FRAMES_PER_MINUTE = 600;
/** Frames of any kind (even unparseable ones) per user per minute; past it the socket is closed (1008). */
export const SOCKET_FRAMES_PER_MINUTE = 1200;
/** How often expired and idle sessions are deleted (and their sockets closed on every instance). */
export const SESSION_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Chat messages per page when the client names no limit (chat.ts re-exports it with the chat schemas). */
export const CHAT_PAGE_SIZE = 30;
