import type { googleStatusSchema, WaitlistBody, waitlistResultSchema, waitlistStatsSchema } from "@contract/waitlist";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { waitlistKeys } from "./keys";

/** Entries waiting and accounts given (real figures, not fixed ones: docs/spec-deviations.md). */
export const waitlistStatsQuery = () =>
  queryOptions({
    queryKey: waitlistKeys.stats,
    queryFn: () => api.get<typeof waitlistStatsSchema>("/api/waitlist/stats"),
  });

/** Whether the server has Google credentials, for "Continue with Google". */
export const googleStatusQuery = () =>
  queryOptions({
    queryKey: waitlistKeys.googleStatus,
    queryFn: () => api.get<typeof googleStatusSchema>("/api/auth/google/status"),
  });

/** A new entry changes the counts. */
export const joinWaitlistMutation = () =>
  mutationOptions({
    mutationFn: (body: WaitlistBody) => api.post<typeof waitlistResultSchema>("/api/waitlist", body),
    onSuccess: (_result, _body, _context, { client }) => {
      void client.invalidateQueries({ queryKey: waitlistKeys.stats });
    },
  });
