// Every set of texts by its namespace: the English each language's catalog (catalogs/<tag>.json) is checked
// against, by id ("namespace.key"). The server loads them all (it writes in every language); the client never
// imports this map, and each screen brings the texts it shows. A new set of texts adds one line to its area's
// map (areas/) and a description to scripts/i18n/descriptions.ts; its translations come through the workflow
// (docs/languages.md).
import { CORE_NAMESPACES } from "./areas/core";
import { DISCOVER_NAMESPACES } from "./areas/discover";
import { GROUPS_NAMESPACES } from "./areas/groups";
import { HOSTING_NAMESPACES } from "./areas/hosting";
import { MATCHING_NAMESPACES } from "./areas/matching";
import { SERVER_NAMESPACES } from "./areas/server";
import { SHELL_NAMESPACES } from "./areas/shell";

export const NAMESPACES = {
  ...SERVER_NAMESPACES,
  ...CORE_NAMESPACES,
  ...SHELL_NAMESPACES,
  ...DISCOVER_NAMESPACES,
  ...GROUPS_NAMESPACES,
  ...HOSTING_NAMESPACES,
  ...MATCHING_NAMESPACES,
};
