import type { LOGIN_TEXTS } from "../../auth-texts";
import type { Translation } from "../texts";

export const login: Translation<typeof LOGIN_TEXTS> = {
  identifier: "Usuario o correo",
  identifierRequired: "Escribe tu usuario o correo",
  passwordRequired: "La contraseña es obligatoria",
  identifierPlaceholder: "anagarcia o ana@ejemplo.com",
  password: "Contraseña",
  passwordPlaceholder: "Tu contraseña",
  forgotPassword: "¿Olvidaste tu contraseña?",
  signingIn: "Entrando",
  logIn: "Entrar",
};
