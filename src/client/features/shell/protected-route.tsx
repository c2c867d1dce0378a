import { type ComponentType, Suspense } from "react";
import { Redirect, Route, useLocation, useSearch } from "wouter";
import { authPathFor, useAuth } from "@/features/auth";
import { lazyScreen } from "@/lib/lazy-screen";
import { PageSkeleton, ScreenSkeleton } from "@/ui/page-skeleton";
import { ScreenErrorBoundary } from "./screen-error-boundary";
import { ScreenReady } from "./screen-ready";

// The header, bottom bar and socket are only for members: /auth and the other public screens never download them.
export const AppShell = lazyScreen(() => import("./app-shell").then((m) => m.AppShell));

function Guard({
  component: Component,
  signedOut: SignedOut,
}: {
  component: ComponentType;
  signedOut?: ComponentType;
}) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) {
    // Fetched while /api/user is answered, not after.
    void AppShell.preload();
    return <PageSkeleton />;
  }
  // Visitors go to /auth; the redirect parameter brings them back after sign-in.
  // A page with a public face (an event's link) shows it to visitors instead of sending them to sign in.
  if (!user && SignedOut)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <SignedOut />
        <ScreenReady />
      </Suspense>
    );
  if (!user) return <Redirect to={authPathFor(search ? `${location}?${search}` : location)} replace />;
  return (
    <AppShell>
      {/* Keyed by path: moving to another screen leaves a failed one behind. */}
      <ScreenErrorBoundary key={location}>
        <Suspense fallback={<ScreenSkeleton />}>
          <Component />
          <ScreenReady />
        </Suspense>
      </ScreenErrorBoundary>
    </AppShell>
  );
}

export function ProtectedRoute({
  path,
  component,
  signedOut,
}: {
  path: string;
  component: ComponentType;
  signedOut?: ComponentType;
}) {
  return <Route path={path}>{() => <Guard component={component} signedOut={signedOut} />}</Route>;
}

/** A screen anyone may open (the sign-in page, an invite): its code loads behind the app's frame. */
export function PublicRoute({ path, component: Component }: { path?: string; component: ComponentType }) {
  return (
    <Route path={path}>
      {() => (
        <Suspense fallback={<PageSkeleton />}>
          <Component />
          <ScreenReady />
        </Suspense>
      )}
    </Route>
  );
}
