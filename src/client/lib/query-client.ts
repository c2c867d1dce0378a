import { QueryClient } from "@tanstack/react-query";

/** How often a read that never reached the server is tried again before the screen says so. */
const UNREACHABLE_READ_RETRIES = 2;

/**
 * The one cache configuration, for the app and for test renders. Reads never go stale and never refetch on
 * their own (each write refreshes the lists it changes). A server's answer is never retried (a refusal shows
 * at once); a read that never reached the server (fetch's TypeError) is tried twice more, because a phone
 * coming back online tells the page a moment before its network carries requests, and the read paused while
 * offline resumes in that moment. Writes are never retried here: the offline queue owns them.
 * There is no default query function: every query names its own (see docs/spec-deviations.md).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: (failures, error) => error instanceof TypeError && failures < UNREACHABLE_READ_RETRIES,
        retryDelay: (failures) => 400 * 2 ** failures,
      },
      mutations: { retry: false },
    },
  });
}
