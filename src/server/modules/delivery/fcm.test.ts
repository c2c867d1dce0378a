import { createVerify, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { as, createTestApp, registerUser, type TestApp } from "#server/test/test-app";
import { deliveriesSettled } from "../notifications/notify";
import { pushSubscriptions } from "./schema";

/** A local stand-in for Google's token endpoint and FCM's HTTP v1 API. */
const { publicKey, privateKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});
const seen = {
  assertions: [] as string[],
  messages: [] as { authorization?: string; url?: string; body: { message: Record<string, unknown> } }[],
};
let fcmAnswer = 200;
let server: Server;
let dir: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (c) => (body += c));
    request.on("end", () => {
      if (request.url === "/token") {
        seen.assertions.push(new URLSearchParams(body).get("assertion") ?? "");
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ access_token: "test-access", expires_in: 3600 }));
        return;
      }
      seen.messages.push({ authorization: request.headers.authorization, url: request.url, body: JSON.parse(body) });
      response.writeHead(fcmAnswer, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), "fcm-"));
  const file = path.join(dir, "service-account.json");
  writeFileSync(
    file,
    JSON.stringify({
      project_id: "link-test",
      client_email: "push@link-test.iam.example",
      private_key: privateKey,
      token_uri: `${base}/token`,
    }),
  );
  t = await createTestApp({ FCM_SERVICE_ACCOUNT_FILE: file }, { fcmApiBase: base });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

it("sends a native device's push through FCM with a service-account token, and drops the token on 404", async () => {
  const bob = await registerUser(t.app);
  await as(
    t.app,
    bob.cookie,
  )({ method: "POST", url: "/api/push/subscriptions", payload: { platform: "android", token: "device-token-1" } });
  const sam = await registerUser(t.app, { fullName: "Sam Sender" });
  await as(t.app, sam.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
  await deliveriesSettled(t.bus);

  // The OAuth assertion is a JWT signed with the service account's key, for FCM's scope.
  const [jwt] = seen.assertions;
  const [header, claims, signature] = jwt.split(".");
  expect(createVerify("RSA-SHA256").update(`${header}.${claims}`).verify(publicKey, signature, "base64url")).toBe(true);
  expect(JSON.parse(Buffer.from(claims, "base64url").toString())).toMatchObject({
    iss: "push@link-test.iam.example",
    scope: "https://www.googleapis.com/auth/firebase.messaging",
  });
  expect(seen.messages).toHaveLength(1);
  expect(seen.messages[0]).toMatchObject({
    authorization: "Bearer test-access",
    url: "/v1/projects/link-test/messages:send",
    body: {
      message: {
        token: "device-token-1",
        notification: { title: "New friend request", body: "Sam Sender wants to connect with you" },
        data: { url: `/users/${sam.user.id}` },
      },
    },
  });

  fcmAnswer = 404;
  const ann = await registerUser(t.app);
  await as(t.app, ann.cookie)({ method: "POST", url: "/api/friends/requests", payload: { userId: bob.user.id } });
  await deliveriesSettled(t.bus);
  expect(seen.messages).toHaveLength(2);
  // One token exchange serves both sends.
  expect(seen.assertions).toHaveLength(1);
  expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, bob.user.id))).toEqual(
    [],
  );
});
