// The sets of texts of one area of the app, by namespace (the catalogs es/core.ts and ar/core.ts translate them).
import { LOGIN_TEXTS } from "../../auth-texts";
import { EVENT_TIME_TEXTS } from "../../event-time";
import { LANGUAGE_TEXTS } from "../language-texts";

export const CORE_NAMESPACES = {
  language: LANGUAGE_TEXTS,
  login: LOGIN_TEXTS,
  eventTime: EVENT_TIME_TEXTS,
};
