import { userProfileSchema } from "@contract/users";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { userKeys } from "./keys";

/** A profile id must be numeric or the query is not run: no request for an id the server would refuse. */
export const isNumericId = (id: string | undefined): id is string => !!id && /^\d+$/.test(id);

/** GET /api/users/{id}: public fields, plus the e-mail on the viewer's own profile. */
const userProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: userKeys.profile(userId),
    queryFn: () => api.get(`/api/users/${userId}`, userProfileSchema),
  });

export function useUserProfile(userId: string | undefined) {
  return useQuery({ ...userProfileQuery(userId ?? ""), enabled: isNumericId(userId) });
}
