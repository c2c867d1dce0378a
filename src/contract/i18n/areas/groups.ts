// The sets of texts of one area of the app, by namespace (the catalogs es/groups.ts and ar/groups.ts translate them).

export const GROUPS_NAMESPACES = {};
