import { availabilityRowSchema, type SaveAvailabilityInput } from "@contract/availability";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { availabilityKeys } from "./keys";

const availabilityListSchema = z.array(availabilityRowSchema);

/** A user's saved days, newest first (GET /api/availability/user). */
const availabilityQuery = (userId: number) =>
  queryOptions({
    queryKey: availabilityKeys.user(userId),
    queryFn: () => api.get(`/api/availability/user?userId=${userId}`, availabilityListSchema),
  });

export function useAvailability(userId: number | undefined) {
  return useQuery({ ...availabilityQuery(userId ?? 0), enabled: userId !== undefined });
}

const saveAvailabilityMutation = () =>
  mutationOptions({
    mutationFn: (input: SaveAvailabilityInput) => api.post("/api/availability", availabilityRowSchema, input),
    onSuccess: (_row, _input, _result, { client }) => client.invalidateQueries({ queryKey: availabilityKeys.all }),
  });

export const useSaveAvailability = () => useMutation(saveAvailabilityMutation());
