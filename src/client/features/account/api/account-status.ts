import type { accountStatusSchema } from "@contract/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { accountKeys } from "./keys";

const accountStatusQuery = () =>
  queryOptions({ queryKey: accountKeys.status, queryFn: () => api.get<typeof accountStatusSchema>("/api/account") });

export const useAccountStatus = () => useQuery(accountStatusQuery());
