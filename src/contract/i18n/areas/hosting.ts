// The sets of texts of one area of the app, by namespace (the catalogs es/hosting.ts and ar/hosting.ts translate them).

export const HOSTING_NAMESPACES = {};
