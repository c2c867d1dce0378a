import type { DISCOVER_NAMESPACES } from "../areas/discover";
import type { AreaCatalog } from "../namespaces";

export const discover: AreaCatalog<typeof DISCOVER_NAMESPACES> = {};
