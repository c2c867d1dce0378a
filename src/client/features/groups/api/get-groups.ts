import { groupListItemSchema } from "@contract/groups";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const groupListSchema = z.array(groupListItemSchema);

const groupsQuery = () =>
  queryOptions({ queryKey: groupKeys.list(), queryFn: () => api.get("/api/groups/user", groupListSchema) });

export const useGroups = () => useQuery(groupsQuery());
