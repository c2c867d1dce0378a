import type { CORE_NAMESPACES } from "../areas/core";
import type { AreaCatalog } from "../namespaces";

export const core: AreaCatalog<typeof CORE_NAMESPACES> = {
  language: { label: "اللغة", description: "يستخدم Link هذه اللغة في كل الشاشات والإشعارات ورسائل البريد" },
  login: {
    identifier: "اسم المستخدم أو البريد",
    identifierRequired: "اكتب اسم المستخدم أو البريد",
    passwordRequired: "كلمة المرور مطلوبة",
    identifierPlaceholder: "sara أو sara@example.com",
    password: "كلمة المرور",
    passwordPlaceholder: "كلمة مرورك",
    forgotPassword: "نسيت كلمة المرور؟",
    signingIn: "جارٍ الدخول",
    logIn: "دخول",
  },
  eventTime: { yourTime: "{time} بتوقيتك" },
};
