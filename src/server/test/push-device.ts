import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) -> Buffer
import ece from "http_ece";
import { as } from "./test-app";

/**
 * A browser's push service on 127.0.0.1 for one person: subscribes their account through the API and
 * decrypts every payload it receives with the subscription's keys, as the browser would.
 */
export async function subscribedDevice(app: FastifyInstance, cookie: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const received: unknown[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: ecdh, authSecret: auth });
      received.push(JSON.parse(plain.toString("utf8")));
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/x`;
  const res = await as(
    app,
    cookie,
  )({
    method: "POST",
    url: "/api/push/subscriptions",
    payload: {
      platform: "web",
      endpoint,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  });
  if (res.statusCode !== 201) throw new Error(`push subscription refused: ${res.statusCode} ${res.body}`);
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
