/** Profiles and friendships. A friendship change touches every `friendKeys.all` read. */
export const userKeys = {
  profile: (userId: number | string) => ["users", "profile", String(userId)] as const,
};

export const friendKeys = {
  all: ["friends"] as const,
  list: (userId: number) => [...friendKeys.all, "list", userId] as const,
  incoming: () => [...friendKeys.all, "incoming"] as const,
  status: (userId: number) => [...friendKeys.all, "status", userId] as const,
};
