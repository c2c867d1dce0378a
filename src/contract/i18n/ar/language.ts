import type { LANGUAGE_TEXTS } from "../language-texts";
import type { Translation } from "../texts";

export const language: Translation<typeof LANGUAGE_TEXTS> = {
  label: "اللغة",
  description: "يستخدم Link هذه اللغة في كل الشاشات والإشعارات ورسائل البريد",
};
