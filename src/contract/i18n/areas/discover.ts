// The sets of texts of one area of the app, by namespace (the catalogs es/discover.ts and ar/discover.ts translate them).

export const DISCOVER_NAMESPACES = {};
