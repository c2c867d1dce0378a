import { QueryClient } from "@tanstack/react-query";

/**
 * The one cache configuration, for the app and for test renders. Reads never go stale and never refetch on
 * their own (each write refreshes the lists it changes), and nothing is retried (a failure shows at once).
 * There is no default query function: every query names its own (see docs/spec-deviations.md).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
