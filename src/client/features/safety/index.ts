// The safety feature's public entry: what other features may import from it (biome.json refuses deeper paths).

export { ReportDialog } from "./report-dialog";
export { ReportButton, UserSafetyMenu } from "./user-safety-menu";
