import type { GROUPS_NAMESPACES } from "../areas/groups";
import type { AreaCatalog } from "../namespaces";

export const groups: AreaCatalog<typeof GROUPS_NAMESPACES> = {};
