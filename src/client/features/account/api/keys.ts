/** The signed-in account's own status (e-mail verified, Google linked). */
export const accountKeys = {
  status: ["account", "status"] as const,
};
