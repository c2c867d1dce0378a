// The sets of texts of one area of the app, by namespace (the catalogs es/server.ts and ar/server.ts translate them).
import { API_TEXTS } from "../../api-texts";

export const SERVER_NAMESPACES = {
  api: API_TEXTS,
};
