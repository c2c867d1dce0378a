import { subscribeLinks } from "@contract/calendar";
import { FOLLOW_TEXTS } from "@contract/follows";
import { embedSnippet, HOST_TEXTS, type HostEvent, type HostPage, hostPaths } from "@contract/hosts";
import { PLACE_TEXTS } from "@contract/places-texts";
import { PRODUCT_NAME } from "@contract/product";
import { CalendarIcon, CopyIcon, MapPinIcon } from "lucide-react";
import { Link, useLocation, useParams } from "wouter";
import { authPathFor, useAuth } from "@/features/auth";
import { EventCover } from "@/features/events";
import { errorStatus } from "@/lib/api";
import { eventTimeParts } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { pageOrigin } from "@/lib/page-origin";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Button } from "@/ui/button";
import { ShareLink } from "@/ui/share-link";
import { Skeleton } from "@/ui/skeleton";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useFollowHost, useHostPage } from "./api";

/**
 * /u/{username}: a host's public page, the same for everyone who may see it, signed in or not: who they
 * are, their upcoming public events, Follow (a visitor signs in first), their calendar to subscribe to,
 * and for the host themself the link to share and the code to embed the list on their own site.
 */
export function HostPageScreen() {
  const { username = "" } = useParams<{ username: string }>();
  const page = useHostPage(username);
  const t = useTexts(HOST_TEXTS);

  if (errorStatus(page.error) === 404 || errorStatus(page.error) === 400) {
    return (
      <PublicFrame>
        <section className="grid gap-3 rounded-2xl border border-border p-6 text-center">
          <h1 className="text-xl font-semibold">{t("notFound")}</h1>
          <p className="text-sm text-muted-foreground">{t("notFoundDetail")}</p>
          <Button asChild variant="outline">
            <Link href="/">{t("goTo", { name: PRODUCT_NAME })}</Link>
          </Button>
        </section>
      </PublicFrame>
    );
  }
  if (page.isError) {
    return (
      <PublicFrame>
        <section className="grid gap-3 rounded-2xl border border-border p-6 text-center" role="alert">
          <h1 className="text-xl font-semibold">{navigator.onLine ? t("loadFailed") : t("offline")}</h1>
          <Button variant="outline" onClick={() => void page.refetch()}>
            {t("tryAgain")}
          </Button>
        </section>
      </PublicFrame>
    );
  }
  if (!page.data) {
    return (
      <PublicFrame>
        <div className="grid justify-items-center gap-3" aria-busy>
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-28 w-full rounded-2xl" />
        </div>
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      <HostProfile host={page.data} />
    </PublicFrame>
  );
}

function HostProfile({ host }: { host: HostPage }) {
  const { user } = useAuth();
  const own = user?.id === host.id;
  const paths = hostPaths(host.username);
  const origin = pageOrigin();
  const t = useTexts(HOST_TEXTS);
  const tf = useTexts(FOLLOW_TEXTS);
  return (
    <>
      <header className="grid justify-items-center gap-2 text-center">
        <Avatar className="size-24 text-3xl">
          {host.profileImage && <AvatarImage src={host.profileImage} alt="" />}
          <AvatarFallback>{initialOf(host.fullName)}</AvatarFallback>
        </Avatar>
        <h1 className="text-2xl leading-tight font-semibold wrap-anywhere" dir="auto">
          {host.fullName}
        </h1>
        <p className="text-sm text-muted-foreground" dir="auto">
          @{host.username}
        </p>
        {host.bio && (
          <p className="text-sm wrap-anywhere whitespace-pre-line" dir="auto">
            {host.bio}
          </p>
        )}
        <p className="text-sm text-muted-foreground" data-testid="host-counts">
          {tf("followers", { count: host.followers })} · {t("pastEvents", { count: host.pastEvents })}
        </p>
        {!own && <FollowButton host={host} signedIn={user != null} />}
      </header>

      <section className="grid gap-3" aria-labelledby="host-upcoming">
        <h2 id="host-upcoming" className="text-lg font-semibold">
          {t("upcoming")}
        </h2>
        {host.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("noUpcoming")}</p>
        ) : (
          <ul className="grid gap-3">
            {host.events.map((event) => (
              <li key={event.id}>
                <HostEventCard event={event} viewerZone={user?.timezone ?? null} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <CalendarButtons url={new URL(paths.calendar, origin).href} />

      {own && user && (
        <section className="grid gap-4 rounded-2xl border border-border p-4" aria-labelledby="host-share">
          <h2 id="host-share" className="text-lg font-semibold">
            {t("shareTitle")}
          </h2>
          <ShareLink
            url={new URL(paths.page, origin).href}
            label={t("sharePage")}
            copyLabel={t("copyPageLink")}
            title={host.fullName}
          />
          {/* In the host's own language: the app speaks the account's, so the frame's title is in it too. */}
          <EmbedSnippet
            snippet={embedSnippet(
              origin,
              host.username,
              user.language,
              t("embedFrameTitle", { product: PRODUCT_NAME }),
            )}
          />
        </section>
      )}
    </>
  );
}

function FollowButton({ host, signedIn }: { host: HostPage; signedIn: boolean }) {
  const follow = useFollowHost(host.username, host.id);
  const [, navigate] = useLocation();
  const t = useTexts(HOST_TEXTS);
  const tf = useTexts(FOLLOW_TEXTS);
  return (
    <Button
      className="mt-1 min-w-32"
      variant={host.following ? "outline" : "default"}
      disabled={follow.isPending}
      aria-pressed={signedIn ? host.following : undefined}
      onClick={() => {
        // A visitor signs in (or registers) first and comes back to this page.
        if (!signedIn) return navigate(authPathFor(hostPaths(host.username).page));
        follow.mutate(!host.following, {
          onError: () => toast({ title: t("error"), description: t("followFailed"), variant: "destructive" }),
        });
      }}
    >
      {host.following ? tf("unfollow") : tf("follow")}
    </Button>
  );
}

function HostEventCard({ event, viewerZone }: { event: HostEvent; viewerZone: string | null }) {
  const { at } = eventTimeParts(event.date, event.timezone, viewerZone);
  const place =
    event.location.trim() || (event.placeArea ? text(PLACE_TEXTS, "around", { area: event.placeArea }) : "");
  return (
    <Link
      href={`/events/${event.id}`}
      className="flex gap-3 overflow-hidden rounded-2xl border border-border bg-card p-2 transition-colors hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-xl">
        <EventCover event={event} sizes="80px" />
      </div>
      <div className="grid min-w-0 content-center gap-1 py-1 pe-1">
        <p className="font-semibold leading-snug wrap-anywhere" dir="auto">
          {event.title}
        </p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarIcon className="size-3.5 shrink-0" aria-hidden />
          <span>{at}</span>
        </p>
        {place && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate" dir="auto">
              {place}
            </span>
          </p>
        )}
      </div>
    </Link>
  );
}

/** Subscribe to the host's calendar from Google, Apple or Outlook: it follows moves and cancellations. */
function CalendarButtons({ url }: { url: string }) {
  const links = subscribeLinks(url);
  const t = useTexts(HOST_TEXTS);
  return (
    <section className="grid gap-2" aria-labelledby="host-calendar">
      <h2 id="host-calendar" className="text-lg font-semibold">
        {t("followCalendar")}
      </h2>
      <div className="grid grid-cols-3 gap-2">
        <Button variant="outline" className="h-11" asChild>
          <a href={links.google} target="_blank" rel="noopener noreferrer" translate="no">
            Google
          </a>
        </Button>
        <Button variant="outline" className="h-11" asChild>
          <a href={links.apple} translate="no">
            Apple
          </a>
        </Button>
        <Button variant="outline" className="h-11" asChild>
          <a href={links.outlook} target="_blank" rel="noopener noreferrer" translate="no">
            Outlook
          </a>
        </Button>
      </div>
    </section>
  );
}

function EmbedSnippet({ snippet }: { snippet: string }) {
  const t = useTexts(HOST_TEXTS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: t("snippetCopied") });
    } catch {
      toast({ title: t("error"), description: t("copyFailed"), variant: "destructive" });
    }
  };
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">{t("embedTitle")}</h3>
      <p className="text-sm text-muted-foreground">{t("embedHint")}</p>
      <Textarea
        readOnly
        translate="no"
        value={snippet}
        aria-label={t("embedTitle")}
        className="min-h-24 font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      <Button variant="outline" className="h-11" onClick={() => void copy()}>
        <CopyIcon aria-hidden />
        {t("copySnippet")}
      </Button>
    </div>
  );
}

/** A public screen: no header or bottom bar, the product's name on top, linking home. */
function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 bg-background px-4 py-6">
      <Link href="/" className="flex items-center gap-2 self-start text-lg font-bold" translate="no">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand text-sm text-white" aria-hidden>
          L
        </span>
        {PRODUCT_NAME}
      </Link>
      {children}
    </main>
  );
}
