import { type AppNotification, type NotificationPage, notificationPageSchema } from "@contract/notifications";
import type { QueryClient } from "@tanstack/react-query";
import { accountStorageKey } from "@/lib/account-storage";
import { api, errorStatus } from "@/lib/api";
import { notificationKeys } from "./api/keys";

const key = notificationKeys.list;
const NOTIFICATIONS_PAGE_SIZE = 50;
/** The first page is kept on this device per account (until sign-out), so it shows before the server answers. */
const storageKey = accountStorageKey;

export function fetchNotifications(cursor?: number | null): Promise<NotificationPage> {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) params.set("cursor", String(cursor));
  return api.get(`/api/notifications?${params}`, notificationPageSchema);
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

function update(client: QueryClient, fn: (page: NotificationPage) => NotificationPage) {
  client.setQueryData<NotificationPage>(key, (page) => (page ? fn(page) : page));
}

/** A notification pushed live: added on top as unread, once. */
export function addNotificationToCache(client: QueryClient, notification: AppNotification) {
  const current = client.getQueryData<NotificationPage>(key);
  if (!current) {
    void refreshNotifications(client);
    return;
  }
  if (current.notifications.some((n) => n.id === notification.id)) return;
  update(client, (page) => ({
    ...page,
    notifications: [notification, ...page.notifications],
    unreadCount: page.unreadCount + (notification.read ? 0 : 1),
  }));
}

/** Re-reads the list (after a reconnection: pushes sent while the socket was away are not replayed). */
export const refreshNotifications = (client: QueryClient) => client.invalidateQueries({ queryKey: key });

export async function markAllRead(client: QueryClient) {
  update(client, (page) => ({
    ...page,
    unreadCount: 0,
    notifications: page.notifications.map((n) => ({ ...n, read: true })),
  }));
  await api.send("POST", "/api/notifications/read-all");
}

export async function removeNotification(client: QueryClient, id: number) {
  update(client, (page) => {
    const removed = page.notifications.find((n) => n.id === id);
    return {
      ...page,
      notifications: page.notifications.filter((n) => n.id !== id),
      unreadCount: Math.max(0, page.unreadCount - (removed && !removed.read ? 1 : 0)),
    };
  });
  try {
    await api.send("DELETE", `/api/notifications/${id}`);
  } catch (error) {
    // Already gone on the server is what the user wanted; anything else restores the truth.
    if (errorStatus(error) !== 404) {
      await refreshNotifications(client);
      throw error;
    }
  }
}

export async function clearAllNotifications(client: QueryClient) {
  update(client, (page) => ({ ...page, notifications: [], unreadCount: 0, nextCursor: null }));
  await api.send("DELETE", "/api/notifications");
}

export async function loadOlderNotifications(client: QueryClient) {
  const current = client.getQueryData<NotificationPage>(key);
  if (!current?.nextCursor) return;
  const older = await fetchNotifications(current.nextCursor);
  update(client, (page) => {
    const known = new Set(page.notifications.map((n) => n.id));
    return {
      ...page,
      notifications: [...page.notifications, ...older.notifications.filter((n) => !known.has(n.id))],
      nextCursor: older.nextCursor,
    };
  });
}
