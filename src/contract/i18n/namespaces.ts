// Every set of texts by its namespace: each language's catalog is checked against this map, so a namespace or
// a message missing from a catalog fails the typecheck. The server loads them all (it writes in every language);
// the client reads only the type, and each screen brings the texts it shows. A new set of texts adds one line.
import { LOGIN_TEXTS } from "../auth-texts";
import { LANGUAGE_TEXTS } from "./language-texts";
import type { Translation } from "./texts";

export const NAMESPACES = {
  language: LANGUAGE_TEXTS,
  login: LOGIN_TEXTS,
};
type Namespaces = typeof NAMESPACES;

/** One language's whole catalog: every namespace, every message. */
export type Catalog = { readonly [N in keyof Namespaces]: Translation<Namespaces[N]> };
