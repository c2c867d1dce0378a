import type { HOSTING_NAMESPACES } from "../areas/hosting";
import type { AreaCatalog } from "../namespaces";

export const hosting: AreaCatalog<typeof HOSTING_NAMESPACES> = {};
