import type { AppNotification } from "@contract/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "@/features/auth";
import { api } from "@/lib/api";
import { native } from "@/lib/native";
import { useRealtime } from "@/lib/realtime/provider";
import { addNotificationToCache, refreshNotifications } from "./notifications-cache";
import { useNotifications } from "./use-notifications";

/** Browser notifications only when the user allowed them and the app isn't in front (in front, the bell says it). */
function showSystemNotification(notification: AppNotification) {
  if (typeof window === "undefined" || !("Notification" in window)) return;
  if (window.Notification.permission !== "granted" || document.visibilityState === "visible") return;
  try {
    new window.Notification(notification.title, { body: notification.message, tag: `link-${notification.id}` });
  } catch (error) {
    console.warn("system notification failed", error);
  }
}

/** Start-up on a device: push permission and registration through the native bridge. */
async function initNativePush() {
  // The plugin (and Capacitor's runtime with it) loads only in the native apps.
  const { PushNotifications } = await import("@capacitor/push-notifications");
  const permission = await PushNotifications.requestPermissions();
  if (permission.receive !== "granted") {
    console.warn("push notification permission not granted");
    return;
  }
  // The device token is stored for the signed-in user like a browser's push subscription, so both get the same pushes.
  await PushNotifications.addListener("registration", ({ value }) => {
    const platform = native.platform();
    if (platform !== "ios" && platform !== "android") return;
    void api
      .send("POST", "/api/push/subscriptions", { platform, token: value })
      .catch((error) => console.warn("push token not stored", error));
  });
  await PushNotifications.register();
}

/** Start-up on a device: ask for location and store the position; failures are only logged (location is optional). */
async function storeDevicePosition(userId: number) {
  const position = await native.getPosition();
  await api.send("PATCH", `/api/users/${userId}`, {
    latitude: String(position.latitude),
    longitude: String(position.longitude),
  });
}

/**
 * The signed-in shell's start-up: the notification service (list, live pushes or polling, system
 * notifications) and, on a native device, push registration and the device position.
 */
export function NotificationsStartup() {
  const { user } = useAuth();
  const { subscribe, connected } = useRealtime();
  const queryClient = useQueryClient();
  const { data, isPlaceholderData } = useNotifications();
  const newestSeen = useRef<number | null>(null);
  const userIdRef = useRef(user?.id);
  userIdRef.current = user?.id;

  useEffect(
    () => subscribe("notification", (message) => addNotificationToCache(queryClient, message.notification)),
    [subscribe, queryClient],
  );

  // Pushes sent while the socket was away are not replayed: each (re)connection re-reads the list.
  useEffect(() => {
    if (connected && userIdRef.current) void refreshNotifications(queryClient);
  }, [connected, queryClient]);

  // Whatever brought them (socket or poll), notifications newer than the last seen may reach the system tray.
  useEffect(() => {
    if (!data || isPlaceholderData) return;
    const newest = data.notifications.reduce((max, n) => Math.max(max, n.id), 0);
    if (newestSeen.current !== null) {
      for (const n of data.notifications) if (n.id > newestSeen.current && !n.read) showSystemNotification(n);
    }
    newestSeen.current = Math.max(newestSeen.current ?? 0, newest);
  }, [data, isPlaceholderData]);

  const userId = user?.id;
  useEffect(() => {
    if (!userId || !native.isNative()) return;
    initNativePush().catch((error) => console.warn("push notifications unavailable", error));
    storeDevicePosition(userId).catch((error) => console.warn("startup location failed", error));
  }, [userId]);

  return null;
}
