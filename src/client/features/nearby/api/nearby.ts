import { NEARBY_RADIUS_KM, PAGE_SIZE_DEFAULT } from "@contract/limits";
import { nearbyEventSchema, nearbyUserSchema } from "@contract/nearby";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api";
import { native, type Position } from "@/lib/native";
import { nearbyKeys } from "./keys";

/** One page of a nearby list; the API pages by offset, nearest first. */
export const NEARBY_PAGE_SIZE = PAGE_SIZE_DEFAULT;

function nearbyUrl(path: string, at: Position, offset: number) {
  const params = new URLSearchParams({
    lat: String(at.latitude),
    lng: String(at.longitude),
    radius: String(NEARBY_RADIUS_KM),
    limit: String(NEARBY_PAGE_SIZE),
    offset: String(offset),
  });
  return `${path}?${params}`;
}

/** A page shorter than the limit is the last; the next offset is everything held so far. */
const pages = {
  initialPageParam: 0,
  getNextPageParam: (last: unknown[], all: unknown[][]) =>
    last.length < NEARBY_PAGE_SIZE ? undefined : all.reduce((n, page) => n + page.length, 0),
};

const userListSchema = z.array(nearbyUserSchema);
const eventListSchema = z.array(nearbyEventSchema);

const nearbyUsersQuery = (at: Position) =>
  infiniteQueryOptions({
    ...pages,
    queryKey: nearbyKeys.users(at),
    queryFn: ({ pageParam }) => api.get(nearbyUrl("/api/users/nearby", at, pageParam), userListSchema),
  });

const nearbyEventsQuery = (at: Position) =>
  infiniteQueryOptions({
    ...pages,
    queryKey: nearbyKeys.events(at),
    queryFn: ({ pageParam }) => api.get(nearbyUrl("/api/events/nearby", at, pageParam), eventListSchema),
  });

export function useNearbyUsers(at: Position) {
  const query = useInfiniteQuery(nearbyUsersQuery(at));
  return { ...query, items: query.data?.pages.flat() };
}

export function useNearbyEvents(at: Position) {
  const query = useInfiniteQuery(nearbyEventsQuery(at));
  return { ...query, items: query.data?.pages.flat() };
}

/** A location failure is logged and explained on the page, never thrown further: a refusal is a normal answer. */
export const devicePositionQuery = () =>
  queryOptions({
    queryKey: nearbyKeys.position,
    queryFn: async () => {
      try {
        return await native.getPosition();
      } catch (error) {
        console.warn("nearby: location unavailable", error);
        throw error;
      }
    },
  });
