import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "./config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe on notification e-mails, for the mail client's own unsubscribe button). */
  headers?: Record<string, string> | null;
  /**
   * Whom and what it is about, so it goes out only while its text may still reach its reader (the outbox
   * checks at send time): the people its text names besides its recipient (it is also deleted with any of
   * their accounts, sent or not), the recipient's account, and the event it tells of.
   */
  names?: readonly number[];
  recipientId?: number;
  eventId?: number;
}

/** Hands one message to the SMTP server; throws when it cannot (the outbox retries). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** How long one SMTP conversation may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * nodemailer over SMTP_URL, or null without it (development, tests): then messages stay in the
 * outbox table and the log, so nothing is silently lost and an operator can deliver them later
 * by setting SMTP_URL (pending rows are sent once a worker has a transport).
 */
export function createMailTransport(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">): MailTransport | null {
  if (!config.SMTP_URL) return null;
  const transporter: Transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      const { to, subject, text, headers } = message;
      await transporter.sendMail({ from: config.MAIL_FROM, to, subject, text, headers: headers ?? undefined });
    },
  };
}
