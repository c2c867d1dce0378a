import type { accessCodeResultSchema, accessGrantStatusSchema } from "@contract/auth";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { authKeys } from "./keys";

/**
 * Whether this browser holds an unspent access grant (an HttpOnly cookie the page cannot read). Asked
 * afresh each time and never kept: the answer changes when the grant is spent or expires.
 */
export const accessGrantQuery = () =>
  queryOptions({
    queryKey: authKeys.accessGrant,
    queryFn: () => api.get<typeof accessGrantStatusSchema>("/api/access-grant"),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The early-access gate. The server checks the code, so no valid code ships in the client's bundle. */
export const verifyAccessCodeMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api.post<typeof accessCodeResultSchema>("/api/access-codes/verify", { code }),
  });
