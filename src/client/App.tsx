import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Switch } from "wouter";
import { AuthProvider } from "@/features/auth/use-auth";
import { NotFoundPage } from "@/features/shell/not-found-page";
import { ProtectedRoute, PublicRoute } from "@/features/shell/protected-route";
import { ScreenErrorBoundary } from "@/features/shell/screen-error-boundary";
import { usePageIdle, usePageLoaded } from "@/lib/after-load";
import { useLanguage } from "@/lib/i18n";
import { native } from "@/lib/native";
import { ThemeProvider } from "@/lib/theme";
import { PageSkeleton } from "@/ui/page-skeleton";
import { useToastRaised } from "@/ui/use-toast";
import { SCREENS } from "./screens";

// The service worker registers after the page has loaded, with the prompt that offers its updates.
const UpdatePrompt = lazy(() => import("@/features/shell/update-prompt").then((m) => ({ default: m.UpdatePrompt })));
const Toaster = lazy(() => import("@/ui/toaster").then((m) => ({ default: m.Toaster })));

function AppRoutes() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Switch>
          {SCREENS.map(({ path, screen, members, signedOut }) =>
            members ? (
              <ProtectedRoute key={path} path={path} component={screen} signedOut={signedOut} />
            ) : (
              <PublicRoute key={path} path={path} component={screen} />
            ),
          )}
          <PublicRoute component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The whole app around the cache its reads share (filled ahead by a first screen drawn on the server). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  // A switch of language renders every screen again (times and numbers too), without a reload: nothing typed is lost.
  useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <AppRoutes />
          <AfterLoad />
          <AfterIdle />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

// What waits for the page's load or idle holds that state itself: held by App, each change would render every
// screen again in one long task, right when the phone is busiest.

/** The service worker's update prompt, once the page has loaded; the native shells load the app from the device. */
function AfterLoad() {
  const pageLoaded = usePageLoaded();
  if (native.isNative() || !pageLoaded) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

/** Toasts appear only after something happens: their code loads when the page is idle, or for the first toast. */
function AfterIdle() {
  const pageIdle = usePageIdle();
  const toastRaised = useToastRaised();
  if (!pageIdle && !toastRaised) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
