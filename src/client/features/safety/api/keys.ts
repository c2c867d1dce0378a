export const safetyKeys = {
  blocks: ["safety", "blocks"] as const,
  adminReports: ["safety", "admin-reports"] as const,
};
