import { QueryClient } from "@tanstack/react-query";

/**
 * The one cache configuration, for the app and for test renders. Spec 01 §7/§9: reads never go stale, never
 * refetch on their own, and nothing is retried. There is no default query function: every query names its
 * own (see docs/spec-deviations.md).
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
