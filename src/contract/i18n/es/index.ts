import type { Catalog } from "../namespaces";
import { language } from "./language";
import { login } from "./login";

/** Every namespace of the contract, translated: one file per set of texts, gathered here. */
export const catalog: Catalog = {
  language,
  login,
};
