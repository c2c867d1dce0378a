import { createdGroupSchema } from "@contract/groups";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

/** Opens (or reuses) the two-member private group with a user for "Message". */
const openDirectMessageMutation = () =>
  mutationOptions({
    mutationFn: (userId: number) => api.post("/api/groups/direct", createdGroupSchema, { userId }),
  });

export const useOpenDirectMessage = () => useMutation(openDirectMessageMutation());
