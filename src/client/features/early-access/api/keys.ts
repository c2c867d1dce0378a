export const waitlistKeys = {
  stats: ["waitlist", "stats"] as const,
  googleStatus: ["waitlist", "google-status"] as const,
};
