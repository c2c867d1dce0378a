import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

/** Spec 01 §7/§9: reads never go stale, never refetch on their own, and nothing is retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
