import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import { SHARE_TEXTS } from "@contract/event-sharing";
import { PLACE_TEXTS } from "@contract/places-texts";
import { PRODUCT_NAME } from "@contract/product";
import { CalendarIcon, MapPinIcon, UsersIcon } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { authPathFor, eventJoinPath } from "@/features/auth";
import { MoreDates, SeriesLabel } from "@/features/hosting";
import { errorStatus } from "@/lib/api";
import { eventTimeParts } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { useEventPreview } from "./api";
import { EventCover } from "./event-cover";

/**
 * /events/{id} for someone signed out: what the event is, when and where, who hosts it and how many
 * are going (never who), with one button that signs in or registers and then answers.
 */
export function PublicEventPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : null;
  const preview = useEventPreview(id);
  const [, navigate] = useLocation();
  const t = useTexts(SHARE_TEXTS);
  const page = useTexts(EVENT_PAGE_TEXTS);
  const place = useTexts(PLACE_TEXTS);

  if (id === null || errorStatus(preview.error) === 404) {
    return (
      <PublicFrame>
        <section className="grid gap-3 rounded-2xl border border-border p-6 text-center">
          <h1 className="text-xl font-semibold">{t("notFound")}</h1>
          <p className="text-sm text-muted-foreground">{t("notFoundDetail")}</p>
          <Button asChild variant="outline">
            <Link href="/auth">{page("goTo", { product: PRODUCT_NAME })}</Link>
          </Button>
        </section>
      </PublicFrame>
    );
  }
  if (preview.isError) {
    return (
      <PublicFrame>
        <section className="grid gap-3 rounded-2xl border border-border p-6 text-center" role="alert">
          <h1 className="text-xl font-semibold">{navigator.onLine ? page("loadFailed") : page("offline")}</h1>
          <Button variant="outline" onClick={() => void preview.refetch()}>
            {page("tryAgain")}
          </Button>
        </section>
      </PublicFrame>
    );
  }
  if (!preview.data) {
    return (
      <PublicFrame>
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-48 w-full rounded-2xl" />
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </PublicFrame>
    );
  }
  const e = preview.data;
  const { at } = eventTimeParts(e.date, e.timezone, null);
  const past = new Date(e.date).getTime() < Date.now();
  const location = e.location.trim();
  return (
    <PublicFrame>
      <article className="grid gap-4 overflow-hidden rounded-2xl border border-border bg-card pb-5">
        <div className="h-48">
          <EventCover event={e} />
        </div>
        <div className="grid gap-4 px-4">
          {e.canceled && (
            <p className="rounded-lg bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
              {t("canceled")}
            </p>
          )}
          <h1 className="text-2xl leading-tight font-semibold wrap-anywhere" dir="auto">
            {e.title}
          </h1>
          <div className="grid gap-1.5 text-sm text-muted-foreground">
            <p className="flex items-center gap-2">
              <CalendarIcon className="size-4 shrink-0" aria-hidden />
              <span data-testid="preview-time">{at}</span>
            </p>
            <SeriesLabel event={e} />
            {location && (
              <p className="flex items-start gap-2">
                <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span className="grid">
                  <span className="wrap-anywhere" dir="auto">
                    {location}
                  </span>
                  {!e.pinned && e.placeArea && (
                    <span className="text-xs">{place("around", { area: e.placeArea })}</span>
                  )}
                </span>
              </p>
            )}
            <p className="flex items-center gap-2">
              <UsersIcon className="size-4 shrink-0" aria-hidden />
              <span data-testid="preview-going">{t("going", { count: e.goingCount })}</span>
            </p>
          </div>
          <MoreDates dates={e.moreDates} eventZone={e.timezone} />
          {e.description && (
            <p className="text-sm wrap-anywhere whitespace-pre-line" dir="auto">
              {e.description}
            </p>
          )}
          {e.host && (
            <div className="flex items-center gap-3 rounded-xl border border-border p-3">
              <Avatar>
                {e.host.profileImage && <AvatarImage src={e.host.profileImage} alt="" />}
                <AvatarFallback>{initialOf(e.host.fullName)}</AvatarFallback>
              </Avatar>
              <p className="text-sm font-medium wrap-anywhere">{t("hostedBy", { name: e.host.fullName })}</p>
            </div>
          )}
          {!e.canceled && !past && (
            <div className="grid gap-2">
              <Button size="lg" onClick={() => navigate(authPathFor(eventJoinPath(e.id)))}>
                {e.type === "networking" ? t("previewApply") : t("previewJoin")}
              </Button>
              <Button variant="ghost" asChild>
                <Link href={authPathFor(`/events/${e.id}`)}>{t("previewSignIn")}</Link>
              </Button>
            </div>
          )}
        </div>
      </article>
    </PublicFrame>
  );
}

/** A public screen: no header or bottom bar, the product's name on top. */
function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-4 bg-background px-4 py-6">
      <p className="flex items-center gap-2 text-lg font-bold">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand text-sm text-white" aria-hidden>
          L
        </span>
        <span translate="no">{PRODUCT_NAME}</span>
      </p>
      {children}
    </main>
  );
}
