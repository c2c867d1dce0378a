// Every set of texts by its namespace: each language's catalog is checked against this map, so a namespace or
// a message missing from a catalog fails the typecheck. The server loads them all (it writes in every language);
// the client reads only the type, and each screen brings the texts it shows. A new set of texts adds one line to
// its area's map (areas/), and each language's translation of it to that area's catalog (es/, ar/).
import { CORE_NAMESPACES } from "./areas/core";
import { DISCOVER_NAMESPACES } from "./areas/discover";
import { GROUPS_NAMESPACES } from "./areas/groups";
import { HOSTING_NAMESPACES } from "./areas/hosting";
import { MATCHING_NAMESPACES } from "./areas/matching";
import { SERVER_NAMESPACES } from "./areas/server";
import { SHELL_NAMESPACES } from "./areas/shell";
import type { Texts, Translation } from "./texts";

// The server's own texts first: an English message several sets share is found again as the server's (its
// error codes, "api.eventNotFound"), whatever the screens name it.
export const NAMESPACES = {
  ...SERVER_NAMESPACES,
  ...CORE_NAMESPACES,
  ...SHELL_NAMESPACES,
  ...DISCOVER_NAMESPACES,
  ...GROUPS_NAMESPACES,
  ...HOSTING_NAMESPACES,
  ...MATCHING_NAMESPACES,
};
type Namespaces = typeof NAMESPACES;

/** One language's translation of an area's sets of texts: every namespace, every message. */
export type AreaCatalog<Area extends Record<string, Texts>> = { readonly [N in keyof Area]: Translation<Area[N]> };
/** One language's whole catalog. */
export type Catalog = AreaCatalog<Namespaces>;
