export const earlyAccessKeys = {
  stats: ["early-access", "stats"] as const,
  googleStatus: ["early-access", "google-status"] as const,
};
