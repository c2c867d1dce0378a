import { accountStatusSchema } from "@contract/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { accountKeys } from "./keys";

const accountStatusQuery = () =>
  queryOptions({ queryKey: accountKeys.status, queryFn: () => api.get("/api/account", accountStatusSchema) });

export const useAccountStatus = () => useQuery(accountStatusQuery());
