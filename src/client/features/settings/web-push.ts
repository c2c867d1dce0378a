import type { PushSubscriptionInput, pushPublicKeySchema } from "@contract/push";
import { SETTINGS_TEXTS } from "@contract/settings-texts";
import { api } from "@/lib/api";
import { text } from "@/lib/i18n";

/** Where this device can get push: in the native app (registered at start-up), a browser with a service worker, or nowhere. */
export type PushSupport = "native" | "web" | "unsupported";

export function pushSupport(isNative: boolean): PushSupport {
  if (isNative) return "native";
  if (
    typeof window === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window) ||
    !("Notification" in window)
  ) {
    return "unsupported";
  }
  return "web";
}

/** The service worker's registration, if the app has one (development builds do not). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The opt-in: asks the browser's permission only now, after the user turned the switch on (browsers quiet or
 * block a prompt nobody asked for, and a refusal is hard to undo), subscribes with the server's VAPID key and
 * stores the subscription for this device.
 */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(text(SETTINGS_TEXTS, "pushBlocked"));
  const reg = await registration();
  if (!reg) throw new Error(text(SETTINGS_TEXTS, "pushNoWorker"));
  const { publicKey } = await api.get<typeof pushPublicKeySchema>("/api/push/public-key");
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  const json = subscription.toJSON();
  const body: PushSubscriptionInput = {
    platform: "web",
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
  await api.send("POST", "/api/push/subscriptions", body);
}

/** Forgets this device on the server first (a failed unsubscribe in the browser must not leave pushes coming). */
export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api.send("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}
