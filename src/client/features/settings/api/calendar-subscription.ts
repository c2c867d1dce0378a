import { calendarSubscriptionSchema } from "@contract/calendar";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { settingsKeys } from "./keys";

const calendarSubscriptionQuery = () =>
  queryOptions({
    queryKey: settingsKeys.calendarSubscription,
    queryFn: () => api.get("/api/calendar/subscription", calendarSubscriptionSchema),
  });

export const useCalendarSubscription = () => useQuery(calendarSubscriptionQuery());

/** A new secret address: the old one stops working at once, so the cache takes the answer. */
const rotateCalendarSubscriptionMutation = () =>
  mutationOptions({
    mutationFn: () => api.post("/api/calendar/subscription/rotate", calendarSubscriptionSchema),
    onSuccess: (fresh, _input, _result, { client }) => client.setQueryData(settingsKeys.calendarSubscription, fresh),
  });

export const useRotateCalendarSubscription = () => useMutation(rotateCalendarSubscriptionMutation());
