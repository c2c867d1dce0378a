import type { CORE_NAMESPACES } from "../areas/core";
import type { AreaCatalog } from "../namespaces";

export const core: AreaCatalog<typeof CORE_NAMESPACES> = {
  language: {
    label: "Idioma",
    description: "Link usa este idioma en cada pantalla, en las notificaciones y en los correos",
  },
  login: {
    identifier: "Usuario o correo",
    identifierRequired: "Escribe tu usuario o correo",
    passwordRequired: "La contraseña es obligatoria",
    identifierPlaceholder: "anagarcia o ana@ejemplo.com",
    password: "Contraseña",
    passwordPlaceholder: "Tu contraseña",
    forgotPassword: "¿Olvidaste tu contraseña?",
    signingIn: "Entrando",
    logIn: "Entrar",
  },
  eventTime: { yourTime: "{time} en tu hora" },
};
