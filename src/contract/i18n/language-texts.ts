import { defineTexts } from "./texts";

/** The language picker's texts (sign-in screen and Settings). */
export const LANGUAGE_TEXTS = defineTexts("language", {
  label: "Language",
  description: "Link speaks this language on every screen, in notifications and in e-mails",
});
