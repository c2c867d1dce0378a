import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { outbox } from "./db/schema";
import { eq } from "drizzle-orm";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** "smtp" handed the message to the SMTP server; "outbox" kept it in the outbox table and the log. */
  send(message: MailMessage): Promise<"smtp" | "outbox">;
}

/**
 * Every message is built by nodemailer and recorded in the outbox. With SMTP_URL it is also sent
 * and marked sent; without it (development, tests) it stays unsent in the outbox and the log, so
 * nothing is silently lost and an operator can replay it.
 */
export function createMailer(deps: { config: Config; db: Db; log: FastifyBaseLogger }): Mailer {
  const { config, db, log } = deps;
  const transport: Transporter = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const [row] = await db.insert(outbox).values(message).returning({ id: outbox.id });
      await transport.sendMail({ from: config.MAIL_FROM, ...message });
      if (!config.SMTP_URL) {
        log.info({ outboxId: row.id, to: message.to, subject: message.subject }, "mail kept in outbox (no SMTP_URL)");
        return "outbox";
      }
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
      return "smtp";
    },
  };
}
