import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) -> Buffer
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences, PUSH_TEXTS } from "#contract/push";
import type { MailMessage } from "#server/mail";
import { notificationPreferences, notifications } from "#server/modules/notifications/schema";
import { outbox } from "#server/modules/outbox/schema";
import { openSocket } from "#server/realtime/socket-test-client";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { deliveriesSettled } from "../notifications/notify";
import { notificationsRepository } from "../notifications/repository";
import { createOutboxWorker, outboxRepository } from "../outbox";
import { usersRepository } from "../users/repository";
import { runDigests } from "./email";
import { openSocketsHere } from "./presence";
import { deliveryRepository } from "./repository";
import { pushSubscriptions } from "./schema";
import { unsubscribeSecret } from "./server-keys";

/** A push service on 127.0.0.1 that holds one browser's subscription keys, like the browser's vendor would. */
interface LocalPushService {
  endpoint: string;
  received: { headers: IncomingMessage["headers"]; payload: unknown }[];
  answer: number;
  close(): Promise<void>;
}

/** What a browser does on pushManager.subscribe(): a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString("base64url"), authB64: auth.toString("base64url") };
}

async function localPushService(keys: ReturnType<typeof browserKeys>): Promise<LocalPushService> {
  const service: LocalPushService = { endpoint: "", received: [], answer: 201, close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      // RFC 8291: only the holder of the subscription's private key and auth secret can read the message.
      const plain: Buffer = ece.decrypt(body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: keys.auth });
      service.received.push({ headers: request.headers, payload: JSON.parse(plain.toString("utf8")) });
      response.writeHead(service.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  service.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomBytes(8).toString("hex")}`;
  service.close = () => new Promise((resolve) => server.close(() => resolve()));
  return service;
}

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

/** Someone new sends `to` a friend request: a friend_request notification for `to`. */
async function friendRequestTo(userId: number) {
  const sender = await registerUser(t.app, { fullName: "Sam Sender" });
  const res = await as(t.app, sender.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId } });
  expect(res.statusCode).toBeLessThan(300);
  await deliveriesSettled(t.bus);
  return sender;
}

async function waitFor(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("web push against a local push service", () => {
  it("delivers an encrypted, VAPID-signed push while no socket is open, none while one is, and drops the subscription after a 410", {
    timeout: 30_000,
  }, async () => {
    const bob = await registerUser(t.app);
    const keys = browserKeys();
    const service = await localPushService(keys);
    try {
      const { publicKey } = (await as(t.app, bob.cookie)({ method: "GET", url: "/api/push/public-key" })).json();
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const subscribed = await as(
        t.app,
        bob.cookie,
      )({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: { platform: "web", endpoint: service.endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
      });
      expect(subscribed.statusCode).toBe(201);

      // Socket closed: the push arrives and decrypts to the notification's title, body and link.
      const sam = await friendRequestTo(bob.user.id);
      expect(service.received).toHaveLength(1);
      expect(service.received[0].payload).toEqual({
        title: "New friend request",
        body: "Sam Sender wants to connect with you",
        url: `/users/${sam.user.id}`,
        tag: "friend_request",
      });
      const { headers } = service.received[0];
      expect(headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(headers.ttl)).toBeGreaterThan(0);
      expect(headers.authorization).toContain(`k=${publicKey}`);
      const jwt = /vapid t=([^,]+)/.exec(String(headers.authorization))?.[1] ?? "";
      const claims = JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString());
      expect(claims.aud).toBe(new URL(service.endpoint).origin);

      // Socket open: the app shows it in-app; no push.
      const socket = await openSocket(base, bob.cookie);
      await waitFor(() => openSocketsHere(t.bus, bob.user.id) === 1);
      await friendRequestTo(bob.user.id);
      await socket.next("notification");
      expect(service.received).toHaveLength(1);
      await socket.close();
      await waitFor(() => openSocketsHere(t.bus, bob.user.id) === 0);

      // The push service says the subscription is gone: the row goes.
      service.answer = 410;
      await friendRequestTo(bob.user.id);
      expect(service.received).toHaveLength(2);
      expect(
        await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.user.id)),
      ).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it("sends no push for a category whose push switch is off", async () => {
    const bob = await registerUser(t.app);
    const keys = browserKeys();
    const service = await localPushService(keys);
    try {
      await as(
        t.app,
        bob.cookie,
      )({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: { platform: "web", endpoint: service.endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
      });
      const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
      prefs.channels.friends.push = false;
      expect(
        (await as(t.app, bob.cookie)({ method: "PUT", url: "/api/notification-preferences", payload: prefs }))
          .statusCode,
      ).toBe(200);
      await friendRequestTo(bob.user.id);
      expect(service.received).toHaveLength(0);
    } finally {
      await service.close();
    }
  });
});

describe("chat messages by push", () => {
  it("members away from the chat get one push per group window (latest text, +N more); the sender none; chat push off: none", {
    timeout: 30_000,
  }, async () => {
    const ana = await registerUser(t.app, { fullName: "Ana Chat" });
    const bob = await registerUser(t.app);
    const keys = browserKeys();
    const service = await localPushService(keys);
    const anaKeys = browserKeys();
    const anaService = await localPushService(anaKeys);
    try {
      for (const [who, svc, k] of [
        [bob, service, keys],
        [ana, anaService, anaKeys],
      ] as const) {
        const res = await as(
          t.app,
          who.cookie,
        )({
          method: "POST",
          url: "/api/push/subscriptions",
          payload: { platform: "web", endpoint: svc.endpoint, keys: { p256dh: k.p256dh, auth: k.authB64 } },
        });
        expect(res.statusCode).toBe(201);
      }
      const direct = await as(
        t.app,
        ana.cookie,
      )({ method: "POST", url: "/api/groups/direct", payload: { userId: bob.user.id } });
      const groupId = direct.json().id as number;
      for (const message of ["first", "second", "see you at 7"]) {
        expect(
          (await as(t.app, ana.cookie)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message } }))
            .statusCode,
        ).toBe(201);
      }
      await deliveriesSettled(t.bus);
      expect(service.received.map((r) => r.payload)).toEqual([
        { title: "Ana Chat", body: "see you at 7 (+2 more)", url: "/groups", tag: `chat-${groupId}` },
      ]);
      expect(anaService.received).toEqual([]);

      const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
      prefs.channels.chat.push = false;
      await as(t.app, bob.cookie)({ method: "PUT", url: "/api/notification-preferences", payload: prefs });
      await as(
        t.app,
        ana.cookie,
      )({ method: "POST", url: "/api/chat/messages", payload: { groupId, message: "still there?" } });
      await deliveriesSettled(t.bus);
      expect(service.received).toHaveLength(1);
    } finally {
      await service.close();
      await anaService.close();
    }
  });
  it("a send retried with the same clientId pushes nothing more, after the window or within it", {
    timeout: 30_000,
  }, async () => {
    const ana = await registerUser(t.app, { fullName: "Ana Retry" });
    const bob = await registerUser(t.app);
    const keys = browserKeys();
    const service = await localPushService(keys);
    try {
      await as(
        t.app,
        bob.cookie,
      )({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: { platform: "web", endpoint: service.endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
      });
      const direct = await as(
        t.app,
        ana.cookie,
      )({ method: "POST", url: "/api/groups/direct", payload: { userId: bob.user.id } });
      const groupId = direct.json().id as number;
      const send = (message: string, clientId: string) =>
        as(t.app, ana.cookie)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message, clientId } });

      const first = randomUUID();
      expect((await send("see you at 7", first)).statusCode).toBe(201);
      await deliveriesSettled(t.bus);
      expect((await send("see you at 7", first)).statusCode).toBe(201);
      await deliveriesSettled(t.bus);
      expect(service.received.map((r) => r.payload)).toEqual([
        { title: "Ana Retry", body: "see you at 7", url: "/groups", tag: `chat-${groupId}` },
      ]);

      // A retry inside the same window is not counted as one more message.
      const second = randomUUID();
      expect((await send("on my way", second)).statusCode).toBe(201);
      expect((await send("on my way", second)).statusCode).toBe(201);
      await deliveriesSettled(t.bus);
      expect(service.received.map((r) => (r.payload as { body: string }).body)).toEqual(["see you at 7", "on my way"]);
    } finally {
      await service.close();
    }
  });
});

describe("event conversations and reminders by push", () => {
  it("a muted guests' conversation sends its member no push; unmuted it does; a reminder arrives by push", {
    timeout: 60_000,
  }, async () => {
    const host = await registerUser(t.app, { fullName: "Hal Host" });
    const guest = await registerUser(t.app);
    const keys = browserKeys();
    const service = await localPushService(keys);
    try {
      const subscribed = await as(
        t.app,
        guest.cookie,
      )({
        method: "POST",
        url: "/api/push/subscriptions",
        payload: { platform: "web", endpoint: service.endpoint, keys: { p256dh: keys.p256dh, auth: keys.authB64 } },
      });
      expect(subscribed.statusCode).toBe(201);
      const date = new Date(Date.now() + 3 * 86_400_000);
      const event = (
        await as(
          t.app,
          host.cookie,
        )({
          method: "POST",
          url: "/api/events",
          payload: {
            title: "Pier Picnic",
            description: "x",
            date: date.toISOString(),
            location: "Pier 5",
            hostId: host.user.id,
            type: "social",
            friendGroupId: "all",
          },
        })
      ).json() as { id: number };
      await as(
        t.app,
        guest.cookie,
      )({
        method: "POST",
        url: "/api/event-participants",
        payload: { eventId: event.id, userId: guest.user.id, status: "going" },
      });
      const mute = (muted: boolean) =>
        as(
          t.app,
          guest.cookie,
        )({ method: "PUT", url: `/api/events/${event.id}/conversation/mute`, payload: { muted } });
      const { groupId } = (await mute(true)).json() as { groupId: number };
      const say = (message: string) =>
        as(t.app, host.cookie)({ method: "POST", url: "/api/chat/messages", payload: { groupId, message } });
      await say("Muted line");
      await deliveriesSettled(t.bus);
      expect(service.received).toEqual([]);
      await mute(false);
      await say("Heard line");
      await deliveriesSettled(t.bus);
      expect(service.received.map((r) => (r.payload as { body: string }).body)).toEqual(["Heard line"]);

      await t.app.workers.reminders.runOnce(new Date(date.getTime() - 1440 * 60_000 + 30_000));
      await deliveriesSettled(t.bus);
      expect(service.received.map((r) => r.payload).at(-1)).toMatchObject({
        title: "Pier Picnic starts in 1 day · Pier 5",
        url: `/events/${event.id}`,
        tag: "event_reminder",
      });
    } finally {
      await service.close();
    }
  });
});

describe("push subscriptions API", () => {
  const web = (endpoint: string) => ({
    platform: "web",
    endpoint,
    keys: { p256dh: browserKeys().p256dh, auth: randomBytes(16).toString("base64url") },
  });

  it("needs a session", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: web("https://push.example/a"),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/notification-preferences" })).statusCode).toBe(401);
  });

  it("refuses oversized or malformed fields and stores nothing", async () => {
    const amy = await registerUser(t.app);
    const bad = [
      web(`https://push.example/${"a".repeat(2100)}`),
      { ...web("https://push.example/b"), keys: { p256dh: "not base64!", auth: "x" } },
      { platform: "ios", token: "x".repeat(5000) },
      { platform: "windows", token: "abc" },
      { ...web("https://push.example/c"), userId: 1 },
    ];
    for (const payload of bad) {
      const res = await as(t.app, amy.cookie)({ method: "POST", url: "/api/push/subscriptions", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, amy.user.id)),
    ).toEqual([]);
  });

  it("keeps one row per endpoint; another account takes it only once the owner's session signed out; deletes only one's own", async () => {
    const amy = await registerUser(t.app);
    const ben = await registerUser(t.app);
    const endpoint = `https://push.example/${randomBytes(6).toString("hex")}`;
    const subscribe = (cookie: string) =>
      as(t.app, cookie)({ method: "POST", url: "/api/push/subscriptions", payload: web(endpoint) });
    const holders = async () =>
      (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).map(
        (r) => r.userId,
      );
    expect((await subscribe(amy.cookie)).statusCode).toBe(201);
    // Amy is still signed in on that device: Ben cannot redirect her notifications to himself.
    const taken = await subscribe(ben.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: PUSH_TEXTS.deviceTaken, code: "push.deviceTaken" });
    expect(await holders()).toEqual([amy.user.id]);
    // Amy subscribing again (new keys) keeps it hers.
    expect((await subscribe(amy.cookie)).statusCode).toBe(201);
    expect(
      (await as(t.app, ben.cookie)({ method: "DELETE", url: "/api/push/subscriptions", payload: { endpoint } }))
        .statusCode,
    ).toBe(404);
    // Amy signs out there: the device may move to whoever signs in on it next.
    expect((await as(t.app, amy.cookie)({ method: "POST", url: "/api/logout" })).statusCode).toBe(200);
    expect((await subscribe(ben.cookie)).statusCode).toBe(201);
    expect(await holders()).toEqual([ben.user.id]);
    expect(
      (await as(t.app, ben.cookie)({ method: "DELETE", url: "/api/push/subscriptions", payload: { endpoint } }))
        .statusCode,
    ).toBe(200);
    expect(await holders()).toEqual([]);
  });

  it("two signed-in accounts racing to register one new device: exactly one holds it, the other gets 409", async () => {
    const amy = await registerUser(t.app);
    const ben = await registerUser(t.app);
    const endpoint = `https://push.example/${randomBytes(6).toString("hex")}`;
    const results = await Promise.all(
      [amy, ben, amy, ben].map((p) =>
        as(t.app, p.cookie)({ method: "POST", url: "/api/push/subscriptions", payload: web(endpoint) }),
      ),
    );
    const rows = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    const holder = rows[0].userId;
    const expected = [amy, ben, amy, ben].map((p) => (p.user.id === holder ? 201 : 409));
    expect(results.map((res) => res.statusCode)).toEqual(expected);
  });

  it("stores a native device token as platform ios/android", async () => {
    const amy = await registerUser(t.app);
    const res = await as(
      t.app,
      amy.cookie,
    )({ method: "POST", url: "/api/push/subscriptions", payload: { platform: "android", token: "fcm-token:abc123" } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, amy.user.id));
    expect(row).toMatchObject({ platform: "android", endpoint: "fcm-token:abc123", p256dh: null });
  });

  it("outside tests, accepts only the browsers' push services over https", async () => {
    const dev = await createTestApp({ NODE_ENV: "development" });
    try {
      const amy = await registerUser(dev.app);
      for (const endpoint of [
        "http://127.0.0.1:9/x",
        "https://10.0.0.1/push",
        "https://fcm.googleapis.com.evil.example/x",
        "http://fcm.googleapis.com/fcm/send/x",
        "https://fcm.googleapis.com:8443/fcm/send/x",
        "https://updates.push.services.mozilla.com:22/wpush/v2/x",
      ]) {
        const res = await as(
          dev.app,
          amy.cookie,
        )({ method: "POST", url: "/api/push/subscriptions", payload: web(endpoint) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: "endpoint: must be an https URL of a browser push service",
          code: "push.endpointRefused",
        });
      }
      for (const endpoint of [
        "https://fcm.googleapis.com/fcm/send/abc",
        "https://updates.push.services.mozilla.com/wpush/v2/abc",
        "https://web.push.apple.com/abc",
        "https://fcm.googleapis.com:443/fcm/send/def",
      ]) {
        const res = await as(
          dev.app,
          amy.cookie,
        )({ method: "POST", url: "/api/push/subscriptions", payload: web(endpoint) });
        expect(res.statusCode).toBe(201);
      }
    } finally {
      await dev.close();
    }
  });
});

describe("notification preferences", () => {
  const put = (cookie: string, payload: object) =>
    as(t.app, cookie)({ method: "PUT", url: "/api/notification-preferences", payload });
  const withFriends = (switches: Partial<NotificationPreferences["channels"]["friends"]>, emailDigest = false) => {
    const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
    prefs.channels.friends = { ...prefs.channels.friends, ...switches };
    prefs.emailDigest = emailDigest;
    return prefs;
  };
  const mailTo = async (email: string) => (await t.database.db.select().from(outbox)).filter((r) => r.to === email);

  it("starts from the defaults and refuses a malformed shape without storing it", async () => {
    const amy = await registerUser(t.app);
    expect((await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const bad = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES) as unknown as { channels: Record<string, unknown> };
    bad.channels.sms = { inApp: true, push: true, email: true };
    expect((await put(amy.cookie, bad)).statusCode).toBe(400);
    expect((await put(amy.cookie, { ...DEFAULT_NOTIFICATION_PREFERENCES, emailDigest: "yes" })).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, amy.user.id)),
    ).toEqual([]);
  });

  it("friend requests by e-mail off (the default): no outbox row; on: one row with RFC 8058 one-click unsubscribe headers", async () => {
    const amy = await registerUser(t.app);
    await friendRequestTo(amy.user.id);
    expect(await mailTo(amy.user.email)).toEqual([]);

    expect((await put(amy.cookie, withFriends({ email: true }))).statusCode).toBe(200);
    await friendRequestTo(amy.user.id);
    const [mail] = await mailTo(amy.user.email);
    expect(mail.subject).toBe("New friend request");
    expect(mail.text).toContain("Sam Sender wants to connect with you");
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(url.startsWith("http://localhost:5000/api/email/unsubscribe?token=")).toBe(true);
    expect(mail.text).toContain(url);

    // The mail client's one-click POST: no session, no cookie, a form body; friend-request e-mails go off.
    const path = url.slice("http://localhost:5000".length);
    const res = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "You're unsubscribed. You can turn e-mails back on in Settings › Notifications.",
    });
    // The confirm button a person clicked (a browser's form post) gets a page saying the same.
    const fromForm = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(fromForm.headers["content-type"]).toContain("text/html");
    expect(fromForm.body).toContain("unsubscribed. You can turn e-mails back on");
    const after = (
      await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })
    ).json() as NotificationPreferences;
    expect(after.channels.friends.email).toBe(false);
    await friendRequestTo(amy.user.id);
    expect(await mailTo(amy.user.email)).toHaveLength(1);
  });

  it("refuses a forged or altered unsubscribe token and changes nothing", async () => {
    const amy = await registerUser(t.app);
    await put(amy.cookie, withFriends({ email: true }));
    await friendRequestTo(amy.user.id);
    const [mail] = await mailTo(amy.user.email);
    const token = decodeURIComponent(/token=([^>]+)>/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "");
    const [, , version, signature] = token.split(".");
    for (const forged of [
      `${amy.user.id}.all.${version}.${signature}`,
      `${amy.user.id + 1}.friends.${version}.${signature}`,
      `${amy.user.id}.friends.${Number(version) + 1}.${signature}`,
      `${amy.user.id}.friends.${signature}`,
      "1.friends.0.x",
      "x".repeat(200),
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/email/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "This unsubscribe link is not valid.", code: "unsubscribe.invalid" });
    }
    const after = (
      await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })
    ).json() as NotificationPreferences;
    expect(after.channels.friends.email).toBe(true);
    // A GET (a link scanner, or the person clicking) only shows the confirmation button.
    const page = await t.app.inject({
      method: "GET",
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Unsubscribe</button>");
    expect(
      (
        (
          await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })
        ).json() as NotificationPreferences
      ).channels.friends.email,
    ).toBe(true);
  });

  it("an unsubscribe link stops working once the person changes their preferences; clicking it twice is fine", async () => {
    const amy = await registerUser(t.app);
    await put(amy.cookie, withFriends({ email: true }));
    await friendRequestTo(amy.user.id);
    const tokenOf = (mail: Awaited<ReturnType<typeof mailTo>>[number]) =>
      decodeURIComponent(/token=([^>]+)>/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "");
    const oldLink = tokenOf((await mailTo(amy.user.email))[0]);
    const unsubscribe = (token: string) =>
      t.app.inject({ method: "POST", url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}` });
    const confirmPage = (token: string) =>
      t.app.inject({ method: "GET", url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}` });
    // Amy changes her settings (e-mails stay on): links mailed before no longer speak for her.
    await put(amy.cookie, { ...withFriends({ email: true }), emailDigest: false });
    expect((await unsubscribe(oldLink)).statusCode).toBe(400);
    expect((await confirmPage(oldLink)).statusCode).toBe(400);
    const friendsEmail = async () =>
      (
        (
          await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })
        ).json() as NotificationPreferences
      ).channels.friends.email;
    expect(await friendsEmail()).toBe(true);
    // A link mailed after the change works, and again on a second click.
    await friendRequestTo(amy.user.id);
    const mails = await mailTo(amy.user.email);
    const newLink = tokenOf(mails[mails.length - 1]);
    expect(newLink).not.toBe(oldLink);
    expect((await unsubscribe(newLink)).statusCode).toBe(200);
    expect(await friendsEmail()).toBe(false);
    expect((await unsubscribe(newLink)).statusCode).toBe(200);
  });

  it("saving is limited per user: the 61st save in a minute is 429 with Retry-After", async () => {
    const amy = await registerUser(t.app);
    for (let i = 0; i < 60; i++) expect((await put(amy.cookie, DEFAULT_NOTIFICATION_PREFERENCES)).statusCode).toBe(200);
    const refused = await put(amy.cookie, withFriends({ email: true }));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many changes, try again in \d+ s$/);
    const stored = (
      await as(t.app, amy.cookie)({ method: "GET", url: "/api/notification-preferences" })
    ).json() as NotificationPreferences;
    expect(stored.channels.friends.email).toBe(false);
  });

  it("the outbox hands the List-Unsubscribe headers to the mail transport", async () => {
    const amy = await registerUser(t.app);
    await put(amy.cookie, withFriends({ email: true }));
    await friendRequestTo(amy.user.id);
    const sent: MailMessage[] = [];
    const worker = createOutboxWorker({
      repo: outboxRepository(t.database.db),
      log: t.app.log,
      transport: { send: async (m) => void sent.push(m) },
    });
    await worker.runOnce();
    const mail = sent.find((m) => m.to === amy.user.email);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:5000\/api\/email\/unsubscribe\?token=/);
  });

  it("in-app off: nothing stored in the notification list", async () => {
    const amy = await registerUser(t.app);
    await put(amy.cookie, withFriends({ inApp: false }));
    await friendRequestTo(amy.user.id);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, amy.user.id))).toEqual([]);
  });

  it("daily digest: no e-mail per notification; one digest a day with the day's notifications and an unsubscribe-all link", async () => {
    const amy = await registerUser(t.app);
    await put(amy.cookie, withFriends({ email: true }, true));
    // The period starts a moment before the notifications.
    await t.database.db
      .update(notificationPreferences)
      .set({ lastDigestAt: new Date(Date.now() - 60_000) })
      .where(eq(notificationPreferences.userId, amy.user.id));
    await friendRequestTo(amy.user.id);
    await friendRequestTo(amy.user.id);
    expect(await mailTo(amy.user.email)).toEqual([]);
    const secret = await unsubscribeSecret(deliveryRepository(t.database.db));
    const digestRepos = {
      notifications: notificationsRepository(t.database.db),
      users: usersRepository(t.database.db),
    };
    const enqueue = outboxRepository(t.database.db).insert;
    // Not due yet: the last digest was under a day ago.
    await runDigests({ ...digestRepos, origin: "https://link.example", secret, enqueue });
    expect(await mailTo(amy.user.email)).toEqual([]);
    await t.database.db
      .update(notificationPreferences)
      .set({ lastDigestAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(notificationPreferences.userId, amy.user.id));
    await runDigests({ ...digestRepos, origin: "https://link.example", secret, enqueue });
    const [digest] = await mailTo(amy.user.email);
    expect(digest.subject).toBe("Your Link day: 2 notifications");
    expect(digest.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/link\.example\/api\/email\/unsubscribe\?token=\d+\.all\./,
    );
    // Claimed: a second round the same day sends nothing more.
    await runDigests({ ...digestRepos, origin: "https://link.example", secret, enqueue });
    expect(await mailTo(amy.user.email)).toHaveLength(1);
  });
});
