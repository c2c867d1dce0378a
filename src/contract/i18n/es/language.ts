import type { LANGUAGE_TEXTS } from "../language-texts";
import type { Translation } from "../texts";

export const language: Translation<typeof LANGUAGE_TEXTS> = {
  label: "Idioma",
  description: "Link usa este idioma en cada pantalla, en las notificaciones y en los correos",
};
