// The safety feature's public entry: what other features may import from it (biome.json refuses deeper paths).

export { useBlockedIds } from "./api";
export { BlockedNotice } from "./blocked-notice";
export { ReportDialog } from "./report-dialog";
export { ReportButton, UserSafetyMenu } from "./user-safety-menu";
