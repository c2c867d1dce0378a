import { accessCodeResultSchema, accessGrantStatusSchema } from "@contract/auth";
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
    queryFn: () => api.get("/api/access-grant", accessGrantStatusSchema),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Spec 01 §2 early-access gate; the server checks the code. */
export const verifyAccessCodeMutation = () =>
  mutationOptions({
    mutationFn: (code: string) => api.post("/api/access-codes/verify", accessCodeResultSchema, { code }),
  });
