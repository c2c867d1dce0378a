import { publicUserSchema } from "@contract/users";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";

const friendListSchema = z.array(publicUserSchema);

/** The host's friends: the people Create Event offers as co-hosts (the same read as the profile's friend list). */
export const useCohostCandidates = (userId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ["friends", "list", userId ?? 0],
    queryFn: () => api.get<typeof friendListSchema>(`/api/users/friends?userId=${userId}`),
    enabled: enabled && userId !== undefined,
  });
