// The sets of texts of one area of the app, by namespace (the catalogs es/shell.ts and ar/shell.ts translate them).
import { ACCOUNT_TEXTS } from "../../account";
import { ACCESS_GRANT_TEXTS } from "../../auth";
import { GOOGLE_SIGN_IN_ERRORS, TOO_MANY_ATTEMPTS_TEXTS } from "../../auth-texts";
import { FIELD_TEXTS } from "../../fields";
import { LIMIT_TEXTS } from "../../limits";
import { UPLOAD_TEXTS } from "../../media";
import { ACCOUNT_UI_TEXTS, SETTINGS_TEXTS } from "../../settings-texts";
import { AUTH_FORM_TEXTS, AUTH_TEXTS, EARLY_ACCESS_TEXTS, SHELL_TEXTS, UI_TEXTS } from "../../shell-texts";
import { ZONE_LABEL_TEXTS } from "../../timezone-ids";

export const SHELL_NAMESPACES = {
  signIn: AUTH_TEXTS,
  authForm: AUTH_FORM_TEXTS,
  tooManyAttempts: TOO_MANY_ATTEMPTS_TEXTS,
  googleSignIn: GOOGLE_SIGN_IN_ERRORS,
  accessGrant: ACCESS_GRANT_TEXTS,
  account: ACCOUNT_TEXTS,
  upload: UPLOAD_TEXTS,
  earlyAccess: EARLY_ACCESS_TEXTS,
  accountUi: ACCOUNT_UI_TEXTS,
  shell: SHELL_TEXTS,
  settings: SETTINGS_TEXTS,
  ui: UI_TEXTS,
  zoneLabels: ZONE_LABEL_TEXTS,
  limits: LIMIT_TEXTS,
  fields: FIELD_TEXTS,
};
