import type {
  EarlyAccessBody,
  earlyAccessResultSchema,
  earlyAccessStatsSchema,
  googleStatusSchema,
} from "@contract/early-access";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { earlyAccessKeys } from "./keys";

/** Entries waiting and accounts given (real figures, not fixed ones: docs/spec-deviations.md). */
export const earlyAccessStatsQuery = () =>
  queryOptions({
    queryKey: earlyAccessKeys.stats,
    queryFn: () => api.get<typeof earlyAccessStatsSchema>("/api/waitlist/stats"),
  });

/** Whether the server has Google credentials, for "Continue with Google". */
export const googleStatusQuery = () =>
  queryOptions({
    queryKey: earlyAccessKeys.googleStatus,
    queryFn: () => api.get<typeof googleStatusSchema>("/api/auth/google/status"),
  });

/** A new entry changes the counts. */
export const joinEarlyAccessMutation = () =>
  mutationOptions({
    mutationFn: (body: EarlyAccessBody) => api.post<typeof earlyAccessResultSchema>("/api/waitlist", body),
    onSuccess: (_result, _body, _context, { client }) => {
      void client.invalidateQueries({ queryKey: earlyAccessKeys.stats });
    },
  });
