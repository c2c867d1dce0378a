import type { LOGIN_TEXTS } from "../../auth-texts";
import type { Translation } from "../texts";

export const login: Translation<typeof LOGIN_TEXTS> = {
  identifier: "اسم المستخدم أو البريد",
  identifierRequired: "اكتب اسم المستخدم أو البريد",
  passwordRequired: "كلمة المرور مطلوبة",
  identifierPlaceholder: "sara أو sara@example.com",
  password: "كلمة المرور",
  passwordPlaceholder: "كلمة مرورك",
  forgotPassword: "نسيت كلمة المرور؟",
  signingIn: "جارٍ الدخول",
  logIn: "دخول",
};
