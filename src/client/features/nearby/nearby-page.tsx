import { NEARBY_TEXTS } from "@contract/discover-texts";
import { NEARBY_RADIUS_KM } from "@contract/limits";
import { useQuery } from "@tanstack/react-query";
import { MapPinIcon, MapPinOffIcon, RefreshCwIcon } from "lucide-react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { EventCover, useDistanceText } from "@/features/events";
import { formatEventTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
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
  label: "showMorePeople" | "showMoreEvents";
}) {
  const t = useTexts(NEARBY_TEXTS);
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="self-center"
      aria-label={t(label)}
      disabled={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? t("loading") : t("showMore")}
    </Button>
  );
}

function DistanceBadge({ km }: { km: number }) {
  const distanceText = useDistanceText();
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/12 px-2 py-0.5 text-xs font-medium text-primary">
      <MapPinIcon className="size-3" aria-hidden />
      {distanceText(km)}
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
  const t = useTexts(NEARBY_TEXTS);
  const list = useNearbyUsers(position);
  const { items: data, isLoading, isError } = list;
  return (
    <section aria-labelledby="people-nearby" className="flex flex-col gap-2">
      <h2 id="people-nearby" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t("people")}
      </h2>
      {isLoading ? (
        <ListSkeleton />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">{t("peopleFailed")}</p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">{t("nobody", { km: NEARBY_RADIUS_KM })}</p>
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
                  <p className="truncate text-xs text-muted-foreground" dir="auto">
                    {person.profession || `@${person.username}`}
                  </p>
                </div>
                <DistanceBadge km={person.distanceKm} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={list} label="showMorePeople" />
    </section>
  );
}

function EventsNearby({ position, timezone }: { position: Position; timezone: string | undefined }) {
  const t = useTexts(NEARBY_TEXTS);
  const list = useNearbyEvents(position);
  const { items: data, isLoading, isError } = list;
  return (
    <section aria-labelledby="events-nearby" className="flex flex-col gap-2">
      <h2 id="events-nearby" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {t("events")}
      </h2>
      {isLoading ? (
        <ListSkeleton />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">{t("eventsFailed")}</p>
      ) : !data?.length ? (
        <p className="text-sm text-muted-foreground">{t("noEvents", { km: NEARBY_RADIUS_KM })}</p>
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
                  <p className="truncate text-sm font-medium" dir="auto">
                    {event.title}
                  </p>
                  <p className="truncate text-xs text-muted-foreground">
                    {formatEventTime(event.date, event.timezone, timezone)}
                    {event.location && (
                      <>
                        {" · "}
                        <span dir="auto">{event.location}</span>
                      </>
                    )}
                  </p>
                </div>
                <DistanceBadge km={event.distanceKm} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={list} label="showMoreEvents" />
    </section>
  );
}

/** Nearby people and events, by the device position; a location failure is explained, never thrown. */
export function NearbyPage() {
  const { user } = useAuth();
  const position = useQuery(devicePositionQuery());
  const t = useTexts(NEARBY_TEXTS);

  return (
    <section className="flex flex-col gap-5 px-4 py-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">{t("subtitle", { km: NEARBY_RADIUS_KM })}</p>
      </div>
      {position.isLoading ? (
        <>
          <p className="text-sm text-muted-foreground">{t("findingLocation")}</p>
          <ListSkeleton />
        </>
      ) : position.isError || !position.data ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-muted/40 px-5 py-10 text-center">
          <MapPinOffIcon className="size-8 text-muted-foreground" aria-hidden />
          <h2 className="text-base font-semibold">{t("noLocation")}</h2>
          <p className="max-w-xs text-sm text-muted-foreground">{t("noLocationDetail")}</p>
          <Button variant="outline" onClick={() => void position.refetch()} disabled={position.isFetching}>
            <RefreshCwIcon />
            {t("tryAgain")}
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
