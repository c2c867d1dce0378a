import { FOLLOW_TEXTS } from "@contract/follows";
import { ArrowLeftIcon, PencilIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useParams } from "wouter";
import { useAuth } from "@/features/auth";
import { AvailabilityWidget, useAvailability } from "@/features/availability";
import { MetAt } from "@/features/hosting";
import { BlockedNotice, UserSafetyMenu } from "@/features/safety";
import { isUnreachable, MissingScreen } from "@/features/shell";
import { errorStatus } from "@/lib/api";
import { localize } from "@/lib/i18n";
import { firstNameOf } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { toast } from "@/ui/use-toast";
import { isNumericId, useUserProfile } from "./api";
import { ConnectButton, FollowButton, MessageButton } from "./connect-buttons";
import { UserAvatar } from "./user-avatar";

function ProfileSkeleton() {
  return (
    <div
      className="grid gap-5 px-4 py-5"
      role="status"
      aria-busy="true"
      aria-label="Loading profile"
      data-testid="profile-skeleton"
    >
      <Skeleton className="h-8 w-40" />
      <div className="flex flex-col items-center gap-3">
        <Skeleton className="size-24 rounded-full" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-28" />
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function UserNotFound() {
  return (
    <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold">User Not Found</h1>
      <p className="max-w-xs text-sm text-muted-foreground">The user profile you're looking for doesn't exist.</p>
      <Button asChild>
        <Link href="/">Go Home</Link>
      </Button>
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm wrap-anywhere whitespace-pre-line" dir="auto">
        {children}
      </dd>
    </div>
  );
}

/** The Availability tab: the widget opens on the user's first (newest) saved day, with that day's slots. */
function ProfileAvailability({ userId, own, firstName }: { userId: number; own: boolean; firstName: string }) {
  const availability = useAvailability(userId);
  if (availability.isLoading) return <Skeleton className="h-96 w-full" />;
  const first = availability.data?.[0];
  return (
    <div className="grid gap-3">
      {!own && <p className="text-sm text-muted-foreground">View when {firstName} is available to hang out</p>}
      <AvailabilityWidget userId={userId} readOnly={!own} initialDate={first?.date} />
    </div>
  );
}

/** Anyone's profile, the viewer's own included (/users/{id}). */
export function UserProfilePage() {
  const { id } = useParams<{ id: string }>();
  const { user: viewer } = useAuth();
  const [, navigate] = useLocation();
  const profile = useUserProfile(id);
  const missing = !isNumericId(id) || errorStatus(profile.error) === 404;
  // Offline a profile that was never kept waits paused (or its request never reached the server): that is
  // said on the screen, not turned into an error toast and a trip home.
  const offline = (profile.isPaused && !profile.data) || isUnreachable(profile.error);
  const failed = profile.isError && !missing && !offline;

  // Any other failed load is a toast and a trip home.
  useEffect(() => {
    if (!failed) return;
    toast({ title: "Error", description: "Could not load user profile", variant: "destructive" });
    navigate("/", { replace: true });
  }, [failed, navigate]);

  if (missing)
    return isNumericId(id) ? <BlockedNotice userId={Number(id)} otherwise={<UserNotFound />} /> : <UserNotFound />;
  if (offline)
    return (
      <MissingScreen
        title="User Not Found"
        text="The user profile you're looking for doesn't exist."
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  if (profile.isLoading || failed || !profile.data) return <ProfileSkeleton />;

  const user = profile.data;
  const own = viewer?.id === user.id;

  return (
    <section className="grid gap-5 pb-5">
      <div className="flex items-center gap-2 border-b border-border px-2 py-2">
        <Button variant="ghost" size="icon" className="size-9" asChild>
          <Link href="/" aria-label="Back">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <h1 className="text-lg font-semibold">User Profile</h1>
      </div>

      <header className="flex flex-col items-center gap-2 px-4 text-center">
        <UserAvatar user={user} className="size-24 ring-4 ring-primary/15" fallbackClassName="text-3xl" />
        <div className="grid gap-0.5">
          <h2 className="text-2xl font-bold tracking-tight" dir="auto">
            {user.fullName}
          </h2>
          <p className="text-sm text-muted-foreground">@{user.username}</p>
          <p className="text-sm text-muted-foreground" data-testid="follower-count">
            {localize(FOLLOW_TEXTS.followers, { count: user.followers })}
          </p>
        </div>
        {!own && <MetAt userId={user.id} />}
        {own ? (
          <Button variant="outline" asChild>
            <Link href="/profile">
              <PencilIcon />
              Edit Profile
            </Link>
          </Button>
        ) : (
          <div className="flex w-full max-w-xs gap-2 pt-1">
            <ConnectButton userId={user.id} />
            <MessageButton userId={user.id} />
            <UserSafetyMenu userId={user.id} name={user.fullName} />
          </div>
        )}
        {!own && <FollowButton userId={user.id} following={user.following} />}
      </header>

      <Tabs defaultValue="about" className="px-4">
        <TabsList className="w-full">
          <TabsTrigger value="about">About</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
        </TabsList>
        <TabsContent value="about">
          <div className="grid gap-4 rounded-2xl border border-border bg-card p-4">
            <h3 className="text-base font-semibold">{own ? "About Me" : `About ${user.fullName}`}</h3>
            <dl className="grid gap-4">
              {own && <Field label="Email">{user.email}</Field>}
              {own ? (
                <Field label="Profession">{user.profession || "Not specified"}</Field>
              ) : (
                user.profession && <Field label="Profession">{user.profession}</Field>
              )}
              <Field label="Bio">{user.bio || "No bio provided."}</Field>
            </dl>
          </div>
        </TabsContent>
        <TabsContent value="availability">
          <ProfileAvailability userId={user.id} own={own} firstName={firstNameOf(user.fullName)} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
