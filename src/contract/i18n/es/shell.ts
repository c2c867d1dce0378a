import type { SHELL_NAMESPACES } from "../areas/shell";
import type { AreaCatalog } from "../namespaces";

export const shell: AreaCatalog<typeof SHELL_NAMESPACES> = {};
