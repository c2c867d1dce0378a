/** After a write every cached availability list refreshes, so they share `availabilityKeys.all`. */
export const availabilityKeys = {
  all: ["availability"] as const,
  user: (userId: number) => [...availabilityKeys.all, "user", userId] as const,
};
