import type { SERVER_NAMESPACES } from "../areas/server";
import type { AreaCatalog } from "../namespaces";

export const server: AreaCatalog<typeof SERVER_NAMESPACES> = {};
