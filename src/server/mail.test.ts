import { once } from "node:events";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outbox } from "./db/schema";
import { as, createTestApp, registerUser, type TestApp } from "./test/test-app";

/** A minimal SMTP server on loopback: enough of RFC 5321 for nodemailer to deliver one message. */
function fakeSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") current.from = line;
        if (verb === "RCPT") current.to.push(line);
        if (verb === "DATA") inData = true;
        if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write(verb === "DATA" ? "354 go ahead\r\n" : "250 OK\r\n");
      }
    });
  });
  return { server, messages };
}

let t: TestApp;
const smtp = fakeSmtpServer();

beforeAll(async () => {
  smtp.server.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const { port } = smtp.server.address() as net.AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_ORIGIN: "https://link.example" });
});
afterAll(async () => {
  await t.close();
  smtp.server.close();
});

it("with SMTP_URL a friend invitation is delivered over SMTP and marked sent in the outbox", async () => {
  const alice = await registerUser(t.app, { fullName: "Alice Mailer" });
  const res = await as(t.app, alice.cookie)({ method: "POST", url: "/api/friends/invite", payload: { email: "dana@example.com", name: "Dana" } });
  expect(res.statusCode).toBe(202);
  expect(smtp.messages).toHaveLength(1);
  const [message] = smtp.messages;
  expect(message.to.join()).toContain("dana@example.com");
  expect(message.data).toContain("Subject: Alice Mailer invited you to Link");
  // Quoted-printable folds long lines with a trailing "=".
  expect(message.data.replaceAll("=\r\n", "")).toContain("https://link.example/auth");
  const rows = await t.database.db.select().from(outbox);
  expect(rows).toHaveLength(1);
  expect(rows[0].sentAt).toBeInstanceOf(Date);
});
