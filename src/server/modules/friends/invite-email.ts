import { EMAIL_TEXTS } from "#contract/email-texts";
import type { Language } from "#contract/i18n/languages";
import { PRODUCT_NAME } from "#contract/product";
import { serverText } from "#server/i18n";
import type { MailMessage } from "#server/mail";

/**
 * The e-mail a person sends to invite someone who has no account yet: in the inviter's language, the one
 * language known to be shared between them.
 */
export function inviteEmail(
  inviter: string,
  to: { email: string; name?: string },
  linkOrigin: string,
  language: Language = "en",
): MailMessage {
  const text = (key: keyof typeof EMAIL_TEXTS, values?: Record<string, string>) =>
    serverText(language, EMAIL_TEXTS, key, values);
  return {
    to: to.email,
    subject: text("inviteSubject", { inviter, product: PRODUCT_NAME }),
    text: text("inviteBody", {
      greeting: to.name ? text("greetingNamed", { name: to.name }) : text("greeting"),
      inviter,
      product: PRODUCT_NAME,
      link: new URL("/auth", linkOrigin).toString(),
    }),
  };
}
