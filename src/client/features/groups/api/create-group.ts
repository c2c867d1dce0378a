import { type CreateGroupBody, createdGroupSchema } from "@contract/groups";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { groupKeys } from "./keys";

const createGroupMutation = () =>
  mutationOptions({
    mutationFn: (body: CreateGroupBody) => api.post("/api/groups", createdGroupSchema, body),
    onSuccess: (_group, _body, _result, { client }) => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });

export const useCreateGroup = () => useMutation(createGroupMutation());
