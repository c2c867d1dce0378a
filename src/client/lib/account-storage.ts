/**
 * Copies of one account's data kept on this device (its notifications' first page, shown before the server answers).
 * They are personal, so signing out here drops every one of them: the next person on a shared device
 * must not read the last one's notifications.
 */
const PREFIX = "link-notifications:";

export const accountStorageKey = (userId: number) => `${PREFIX}${userId}`;

export function clearAccountStorage() {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
