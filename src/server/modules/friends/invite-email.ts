import { PRODUCT_NAME } from "#contract/product";
import type { MailMessage } from "#server/mail";

/** The e-mail a person sends to invite someone who has no account yet. */
export function inviteEmail(inviter: string, to: { email: string; name?: string }, linkOrigin: string): MailMessage {
  return {
    to: to.email,
    subject: `${inviter} invited you to ${PRODUCT_NAME}`,
    text: [
      to.name ? `Hi ${to.name},` : "Hi,",
      "",
      `${inviter} would like to connect with you on ${PRODUCT_NAME}, the app for finding events and friends to go with.`,
      `Join here: ${new URL("/auth", linkOrigin).toString()}`,
    ].join("\n"),
  };
}
