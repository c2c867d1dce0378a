import type { ComponentType } from "react";
import { Redirect, Route, useLocation, useSearch } from "wouter";
import { authPathFor } from "@/features/auth/redirect";
import { useAuth } from "@/features/auth/use-auth";
import { Spinner } from "@/ui/spinner";
import { AppShell } from "./app-shell";

function Guard({ component: Component }: { component: ComponentType }) {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  const search = useSearch();
  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }
  // Spec 01 §2: visitors go to /auth; the redirect parameter brings them back after sign-in.
  if (!user) return <Redirect to={authPathFor(search ? `${location}?${search}` : location)} replace />;
  return (
    <AppShell>
      <Component />
    </AppShell>
  );
}

export function ProtectedRoute({ path, component }: { path: string; component: ComponentType }) {
  return <Route path={path}>{() => <Guard component={component} />}</Route>;
}
