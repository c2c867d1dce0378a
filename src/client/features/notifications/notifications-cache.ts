import type { AppNotification, NotificationPage } from "@contract/notifications";
import { apiJson, apiRequest } from "@/lib/api";
import { queryClient } from "@/lib/query-client";

export const NOTIFICATIONS_KEY = ["/api/notifications"] as const;
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** Spec 02 §3: notifications are held client-side and persisted locally, per account. */
const storageKey = (userId: number) => `link-notifications:${userId}`;

export function fetchNotifications(cursor?: number | null): Promise<NotificationPage> {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set("cursor", String(cursor));
  return apiJson<NotificationPage>("GET", `/api/notifications?${params}`);
}

export function readStoredNotifications(userId: number): NotificationPage | undefined {
  try {
    const raw = window.localStorage.getItem(storageKey(userId));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as NotificationPage;
    return Array.isArray(parsed.notifications) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function storeNotifications(userId: number, page: NotificationPage) {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(page));
  } catch {
    // Storage full or blocked: the server still holds them.
  }
}

function update(fn: (page: NotificationPage) => NotificationPage) {
  queryClient.setQueryData<NotificationPage>(NOTIFICATIONS_KEY, (page) => (page ? fn(page) : page));
}

/** A notification pushed live: added on top as unread, once. */
export function addNotificationToCache(notification: AppNotification) {
  const current = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
  if (!current) {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    return;
  }
  if (current.notifications.some((n) => n.id === notification.id)) return;
  update((page) => ({
    ...page,
    notifications: [notification, ...page.notifications],
    unreadCount: page.unreadCount + (notification.read ? 0 : 1),
  }));
}

export async function markAllRead() {
  update((page) => ({ ...page, unreadCount: 0, notifications: page.notifications.map((n) => ({ ...n, read: true })) }));
  await apiRequest("POST", "/api/notifications/read-all");
}

export async function removeNotification(id: number) {
  update((page) => {
    const removed = page.notifications.find((n) => n.id === id);
    return {
      ...page,
      notifications: page.notifications.filter((n) => n.id !== id),
      unreadCount: Math.max(0, page.unreadCount - (removed && !removed.read ? 1 : 0)),
    };
  });
  try {
    await apiRequest("DELETE", `/api/notifications/${id}`);
  } catch (error) {
    // Already gone on the server is what the user wanted; anything else restores the truth.
    if (!(error instanceof Error && error.message.startsWith("404"))) {
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      throw error;
    }
  }
}

export async function clearAllNotifications() {
  update((page) => ({ ...page, notifications: [], unreadCount: 0, nextCursor: null }));
  await apiRequest("DELETE", "/api/notifications");
}

export async function loadOlderNotifications() {
  const current = queryClient.getQueryData<NotificationPage>(NOTIFICATIONS_KEY);
  if (!current?.nextCursor) return;
  const older = await fetchNotifications(current.nextCursor);
  update((page) => {
    const known = new Set(page.notifications.map((n) => n.id));
    return {
      ...page,
      notifications: [...page.notifications, ...older.notifications.filter((n) => !known.has(n.id))],
      nextCursor: older.nextCursor,
    };
  });
}
