import { EMAIL_TEXTS } from "#contract/email-texts";
import type { Language } from "#contract/i18n/languages";
import { PRODUCT_NAME } from "#contract/product";
import { serverText } from "#server/i18n";
import type { MailMessage } from "#server/mail";

/** A page of the client with a link token in its query: the link an account e-mail carries. */
export function tokenLink(origin: string, path: string, token: string) {
  const url = new URL(path, origin);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The reset link's e-mail, in the account's language. */
export function passwordResetEmail(to: string, link: string, language: Language = "en"): MailMessage {
  return {
    to,
    subject: serverText(language, EMAIL_TEXTS, "resetSubject", { product: PRODUCT_NAME }),
    text: serverText(language, EMAIL_TEXTS, "resetBody", { product: PRODUCT_NAME, link }),
  };
}

/** The verification link's e-mail, in the account's language. */
export function emailVerificationEmail(
  to: string,
  fullName: string,
  link: string,
  language: Language = "en",
): MailMessage {
  return {
    to,
    subject: serverText(language, EMAIL_TEXTS, "verifySubject", { product: PRODUCT_NAME }),
    text: serverText(language, EMAIL_TEXTS, "verifyBody", { product: PRODUCT_NAME, name: fullName, link }),
  };
}
