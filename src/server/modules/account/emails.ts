import { PRODUCT_NAME } from "#contract/product";
import type { MailMessage } from "#server/mail";

/** A page of the client with a link token in its query: the link an account e-mail carries. */
export function tokenLink(origin: string, path: string, token: string) {
  const url = new URL(path, origin);
  url.searchParams.set("token", token);
  return url.toString();
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      "Hi,",
      "",
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      `Choose a new password here within the next hour: ${link}`,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function emailVerificationEmail(to: string, fullName: string, link: string): MailMessage {
  return {
    to,
    subject: `Verify your ${PRODUCT_NAME} e-mail address`,
    text: [
      `Hi ${fullName},`,
      "",
      `Confirm that this address belongs to your ${PRODUCT_NAME} account: ${link}`,
      "The link works for 24 hours.",
    ].join("\n"),
  };
}
