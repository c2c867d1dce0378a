// The e-mails the server writes, in English: each is sent in its recipient's language (catalogs es/, ar/).
// A message is a whole e-mail's subject or body; names, links and notices are values, kept as written.
import { defineTexts } from "./i18n/texts";

export const EMAIL_TEXTS = defineTexts("email", {
  notificationBody: "{message}\n\nOpen in Link: {url}\n\nStop these e-mails: {link}\n",
  digestSubject: "Your Link day: {count, plural, one {# notification} other {# notifications}}",
  digestLine: "• {category}: {title}: {message}\n  {url}",
  digestBody: "{lines}\n\nStop these e-mails: {link}\n",
  resetSubject: "Reset your {product} password",
  resetBody:
    "Hi,\n\nSomeone (hopefully you) asked to reset the password of your {product} account.\nChoose a new password here within the next hour: {link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.",
  verifySubject: "Verify your {product} e-mail address",
  verifyBody:
    "Hi {name},\n\nConfirm that this address belongs to your {product} account: {link}\nThe link works for 24 hours.",
  inviteSubject: "{inviter} invited you to {product}",
  inviteBody:
    "{greeting}\n\n{inviter} would like to connect with you on {product}, the app for finding events and friends to go with.\nJoin here: {link}",
  greetingNamed: "Hi {name},",
  greeting: "Hi,",
});
