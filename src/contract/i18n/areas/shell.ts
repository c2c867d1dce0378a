// The sets of texts of one area of the app, by namespace (the catalogs es/shell.ts and ar/shell.ts translate them).

export const SHELL_NAMESPACES = {};
