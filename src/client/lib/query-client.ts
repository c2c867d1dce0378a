import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

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

// Being replaced by useQueryClient() / a client passed in (issue 10): removed once no importer is left.
export const queryClient = createQueryClient();
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, queryFn: getQueryFn({ on401: "throw" }) },
});
