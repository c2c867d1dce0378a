import { createSign } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import type { PushPayload } from "#contract/push";
import type { DeliveryRepository, PushSubscriptionRow } from "./repository";

/** The fields of a Google service account key file that FCM's HTTP v1 API needs. */
interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  token_uri: string;
}

const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const FCM_TIMEOUT_MS = 10_000;

/**
 * Native push (Capacitor tokens, platform ios/android) through Firebase Cloud Messaging's HTTP v1 API,
 * enabled by FCM_SERVICE_ACCOUNT_FILE (iOS devices through FCM's APNs bridge). An OAuth access token is
 * made from the service account (a JWT signed RS256, exchanged at its token_uri) and reused until a
 * minute before it expires. FCM answering 404 (UNREGISTERED) drops the token like a web push 410.
 */
export function createFcmSender(deps: {
  serviceAccountFile: string;
  repo: DeliveryRepository;
  log: FastifyBaseLogger;
  /** Tests point this at a local server. */
  apiBase?: string;
}) {
  const account = JSON.parse(readFileSync(deps.serviceAccountFile, "utf8")) as ServiceAccount;
  if (!account.project_id || !account.client_email || !account.private_key || !account.token_uri) {
    throw new Error(
      "FCM_SERVICE_ACCOUNT_FILE: not a service account key (project_id, client_email, private_key, token_uri)",
    );
  }
  const apiBase = deps.apiBase ?? "https://fcm.googleapis.com";
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${encode({ alg: "RS256", typ: "JWT" })}.${encode({ iss: account.client_email, scope: FCM_SCOPE, aud: account.token_uri, iat: now, exp: now + 3600 })}`;
    const signature = createSign("RSA-SHA256").update(unsigned).sign(account.private_key, "base64url");
    const response = await fetch(account.token_uri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion: `${unsigned}.${signature}`,
      }),
      signal: AbortSignal.timeout(FCM_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`FCM token exchange refused (${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  }

  return {
    async send(subscriptions: PushSubscriptionRow[], payload: PushPayload) {
      const result = { sent: 0, dropped: 0, failed: 0 };
      const native = subscriptions.filter((s) => s.platform !== "web");
      if (native.length === 0) return result;
      let token: string;
      try {
        token = await accessToken();
      } catch (error) {
        deps.log.warn({ err: (error as Error).message }, "FCM access token failed");
        result.failed = native.length;
        return result;
      }
      await Promise.all(
        native.map(async (subscription) => {
          try {
            const response = await fetch(
              `${apiBase}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`,
              {
                method: "POST",
                headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
                body: JSON.stringify({
                  message: {
                    token: subscription.endpoint,
                    notification: { title: payload.title, body: payload.body },
                    data: { url: payload.url },
                  },
                }),
                signal: AbortSignal.timeout(FCM_TIMEOUT_MS),
              },
            );
            await response.arrayBuffer().catch(() => undefined);
            if (response.status === 404) {
              await deps.repo.deleteById(subscription.id);
              result.dropped += 1;
            } else if (response.ok) result.sent += 1;
            else {
              result.failed += 1;
              deps.log.warn({ pushSubscriptionId: subscription.id, status: response.status }, "FCM refused");
            }
          } catch (error) {
            result.failed += 1;
            deps.log.warn({ pushSubscriptionId: subscription.id, err: (error as Error).message }, "FCM send failed");
          }
        }),
      );
      return result;
    },
  };
}
