import { formatDistance } from "@contract/geo";
import { NEARBY_RADIUS_KM } from "@contract/limits";
import { useQuery } from "@tanstack/react-query";
import { MapPinIcon, MapPinOffIcon, RefreshCwIcon } from "lucide-react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { EventCover } from "@/features/events";
import { formatEventTime } from "@/lib/format-date";
import type { Position } from "@/lib/native";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { devicePositionQuery, useNearbyEvents, useNearbyUsers } from "./api/nearby";

function ShowMore({
  list,
  label,
}: {
  list: ReturnType<typeof useNearbyUsers | typeof useNearbyEvents>;
  label: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      aria-label={`Show more ${label}`}
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? "Loading..." : "Show more"}
    </Button>
  );
}

function DistanceBadge({ km }: { km: number }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/12 px-2 py-0.5 text-xs font-medium text-primary">
      <MapPinIcon className="size-3" aria-hidden />
      {formatDistance(km)}
    </span>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <Skeleton className="h-16 rounded-xl" />
      <Skeleton className="h-16 rounded-xl" />
    </div>
  );
}

function PeopleNearby({ position }: { position: Position }) {
  const list = useNearbyUsers(position);
  const { items: data, isLoading, isError } = list;
  return (
    <section aria-labelledby="people-nearby" className="flex flex-col gap-2">
      <h2 id="people-nearby" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        People near you
      </h2>
      {isLoading ? (
        <ListSkeleton />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">People nearby couldn't be loaded.</p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">Nobody within {NEARBY_RADIUS_KM} km right now.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((person) => (
            <li key={person.id}>
              <Link
                href={`/users/${person.id}`}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors hover:bg-accent"
              >
                <Avatar className="size-10">
                  {person.profileImage && <AvatarImage src={person.profileImage} alt="" />}
                  <AvatarFallback>{initialOf(person.fullName)}</AvatarFallback>
                </Avatar>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" dir="auto">
                    {person.fullName}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">{person.profession || `@${person.username}`}</p>
                </div>
                <DistanceBadge km={person.distanceKm} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={list} label="people" />
    </section>
  );
}

function EventsNearby({ position, timezone }: { position: Position; timezone: string | undefined }) {
  const list = useNearbyEvents(position);
  const { items: data, isLoading, isError } = list;
  return (
    <section aria-labelledby="events-nearby" className="flex flex-col gap-2">
      <h2 id="events-nearby" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Events near you
      </h2>
      {isLoading ? (
        <ListSkeleton />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">Events nearby couldn't be loaded.</p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">No upcoming events within {NEARBY_RADIUS_KM} km.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((event) => (
            <li key={event.id}>
              <Link
                href={`/events/${event.id}`}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors hover:bg-accent"
              >
                <div className="size-12 shrink-0 overflow-hidden rounded-lg">
                  <EventCover event={event} sizes="48px" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{event.title}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatEventTime(event.date, event.timezone, timezone)}
                    {event.location ? ` · ${event.location}` : ""}
                  </p>
                </div>
                <DistanceBadge km={event.distanceKm} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={list} label="events" />
    </section>
  );
}

/** Nearby people and events, by the device position; a location failure is explained, never thrown. */
export function NearbyPage() {
  const { user } = useAuth();
  const position = useQuery(devicePositionQuery());

  return (
    <section className="flex flex-col gap-5 px-4 py-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Nearby</h1>
        <p className="text-sm text-muted-foreground">People and events within {NEARBY_RADIUS_KM} km of you</p>
      </div>
      {position.isLoading ? (
        <>
          <p className="text-sm text-muted-foreground">Finding your location...</p>
          <ListSkeleton />
        </>
      ) : position.isError || !position.data ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-muted/40 px-5 py-10 text-center">
          <MapPinOffIcon className="size-8 text-muted-foreground" aria-hidden />
          <h2 className="text-base font-semibold">We couldn't find your location</h2>
          <p className="max-w-xs text-sm text-muted-foreground">
            Allow location access for Link in your browser or device settings to see who and what is near you.
          </p>
          <Button variant="outline" onClick={() => void position.refetch()} disabled={position.isFetching}>
            <RefreshCwIcon />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <PeopleNearby position={position.data} />
          <EventsNearby position={position.data} timezone={user?.timezone} />
        </>
      )}
    </section>
  );
}
