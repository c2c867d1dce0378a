import { type ComponentType, Suspense } from "react";
import { Redirect, Route, useLocation, useSearch } from "wouter";
import { authPathFor } from "@/features/auth/redirect";
import { useAuth } from "@/features/auth/use-auth";
import { AppShell } from "./app-shell";
import { PageSpinner } from "./page-spinner";
import { ScreenErrorBoundary } from "./screen-error-boundary";

function Guard({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageSpinner />;
  // Spec 01 §2: visitors go to /auth; the redirect parameter brings them back after sign-in.
  if (!user) return <Redirect to={authPathFor(search ? `${location}?${search}` : location)} replace />;
  return (
    <AppShell>
      {/* Keyed by path: moving to another screen leaves a failed one behind. */}
      <ScreenErrorBoundary key={location}>
        <Suspense fallback={<PageSpinner />}>
          <Component />
        </Suspense>
      </ScreenErrorBoundary>
    </AppShell>
  );
}

export function ProtectedRoute({ path, component }: { path: string; component: ComponentType }) {
  return <Route path={path}>{() => <Guard component={component} />}</Route>;
}
