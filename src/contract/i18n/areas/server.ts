// The sets of texts of one area of the app, by namespace (the catalogs es/server.ts and ar/server.ts translate them).

export const SERVER_NAMESPACES = {};
