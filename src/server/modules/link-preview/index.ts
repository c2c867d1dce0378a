export { linkPreviewRoutes } from "./routes";
export { escapeHtml, type LinkCard, linkPreviewService, withCard } from "./service";
