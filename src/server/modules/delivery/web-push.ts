import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import { isPushServiceUrl, type PushPayload } from "#contract/push";
import type { DeliveryRepository, PushSubscriptionRow } from "./repository";
import type { VapidKeys } from "./server-keys";

/** How long a push service may keep an undelivered message (the device is offline): one day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** A push service that does not answer within this is given up on for this message. */
const PUSH_TIMEOUT_MS = 10_000;

export interface WebPushSender {
  /** Sends the payload to every device given; drops the ones the push service says are gone. */
  send(
    subscriptions: PushSubscriptionRow[],
    payload: PushPayload,
  ): Promise<{ sent: number; dropped: number; failed: number }>;
}

/**
 * Web push through `web-push`: it encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID header;
 * the request itself goes out through fetch, so a test can point a subscription at a local http server
 * (`allowHttp`, tests only: real push services are https). Native tokens (ios/android) go through FCM
 * (fcm.ts) when FCM_SERVICE_ACCOUNT_FILE is set.
 */
export function createWebPushSender(deps: {
  /** The VAPID key pair, asked for only when there is a web device to send to. */
  keys: () => Promise<VapidKeys>;
  repo: DeliveryRepository;
  log: FastifyBaseLogger;
  allowHttp: boolean;
}): WebPushSender {
  const { keys, repo, log } = deps;
  return {
    async send(subscriptions, payload) {
      const result = { sent: 0, dropped: 0, failed: 0 };
      const web = subscriptions.filter((s) => s.platform === "web" && s.p256dh && s.auth);
      if (web.length === 0) return result;
      const vapidDetails = await keys();
      const body = JSON.stringify(payload);
      await Promise.all(
        web.map(async (subscription) => {
          const url = new URL(subscription.endpoint);
          // Checked again at send time: a row stored before the check (or by hand) never aims the server elsewhere.
          if (!deps.allowHttp && !isPushServiceUrl(subscription.endpoint)) return;
          try {
            const request = webpush.generateRequestDetails(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh ?? "", auth: subscription.auth ?? "" },
              },
              body,
              { vapidDetails, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
            );
            const response = await fetch(request.endpoint, {
              method: request.method,
              headers: request.headers as Record<string, string>,
              body: new Uint8Array(request.body as Buffer),
              redirect: "error",
              signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
            });
            await response.arrayBuffer().catch(() => undefined);
            if (response.status === 404 || response.status === 410) {
              // 404 or 410 from the push service (RFC 8030): the subscription expired or was unsubscribed;
              // it will never work again.
              await repo.deleteById(subscription.id);
              result.dropped += 1;
            } else if (response.ok) {
              result.sent += 1;
            } else {
              result.failed += 1;
              log.warn(
                { pushSubscriptionId: subscription.id, status: response.status, host: url.host },
                "push refused",
              );
            }
          } catch (error) {
            result.failed += 1;
            // The endpoint URL is a capability (anyone holding it can push): only its host is logged.
            log.warn(
              { pushSubscriptionId: subscription.id, host: url.host, err: (error as Error).message },
              "push failed",
            );
          }
        }),
      );
      return result;
    },
  };
}
