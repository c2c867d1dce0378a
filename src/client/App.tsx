import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Switch } from "wouter";
import { AuthProvider } from "@/features/auth/use-auth";
import { NotFoundPage } from "@/features/shell/not-found-page";
import { ProtectedRoute, PublicRoute } from "@/features/shell/protected-route";
import { ScreenErrorBoundary } from "@/features/shell/screen-error-boundary";
import { usePageLoaded } from "@/lib/after-load";
import { useLanguage } from "@/lib/i18n";
import { native } from "@/lib/native";
import { ThemeProvider } from "@/lib/theme";
import { PageSkeleton } from "@/ui/page-skeleton";

// Each screen is its own chunk: the first paint downloads the gate or the Explore screen, not the whole app.
// main.tsx starts loading the chunk of the address the app opens on, in parallel with the app itself.
const AuthPage = lazy(() => import("@/features/auth/auth-page").then((m) => ({ default: m.AuthPage })));
// Toasts appear only after something happens: their component loads after the first screen.
// The service worker registers after the page has loaded, with the prompt that offers its updates.
const UpdatePrompt = lazy(() => import("@/features/shell/update-prompt").then((m) => ({ default: m.UpdatePrompt })));
const Toaster = lazy(() => import("@/ui/toaster").then((m) => ({ default: m.Toaster })));
const AvailabilityPage = lazy(() =>
  import("@/features/availability/availability-page").then((m) => ({ default: m.AvailabilityPage })),
);
const DiscoverPage = lazy(() => import("@/features/discover/discover-page").then((m) => ({ default: m.DiscoverPage })));
const EventPage = lazy(() => import("@/features/events/event-page").then((m) => ({ default: m.EventPage })));
const PublicEventPage = lazy(() =>
  import("@/features/events/public-event-page").then((m) => ({ default: m.PublicEventPage })),
);
const MyEventsPage = lazy(() => import("@/features/events/my-events-page").then((m) => ({ default: m.MyEventsPage })));
const GroupsPage = lazy(() => import("@/features/groups/groups-page").then((m) => ({ default: m.GroupsPage })));
const HostPageScreen = lazy(() => import("@/features/hosts/host-page").then((m) => ({ default: m.HostPageScreen })));
const InvitePage = lazy(() => import("@/features/invites/invite-page").then((m) => ({ default: m.InvitePage })));
const NearbyPage = lazy(() => import("@/features/nearby/nearby-page").then((m) => ({ default: m.NearbyPage })));
const NotificationsPage = lazy(() =>
  import("@/features/notifications/notifications-page").then((m) => ({ default: m.NotificationsPage })),
);
const ProfilePage = lazy(() => import("@/features/profile/profile-page").then((m) => ({ default: m.ProfilePage })));
const UserProfilePage = lazy(() =>
  import("@/features/profile/user-profile-page").then((m) => ({ default: m.UserProfilePage })),
);
const SettingsPage = lazy(() => import("@/features/settings/settings-page").then((m) => ({ default: m.SettingsPage })));
const EarlyAccessPage = lazy(() =>
  import("@/features/early-access/early-access-page").then((m) => ({ default: m.EarlyAccessPage })),
);
const ResetPasswordPage = lazy(() =>
  import("@/features/account/reset-password-page").then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import("@/features/account/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })),
);
const AdminPage = lazy(() => import("@/features/safety/admin-page").then((m) => ({ default: m.AdminPage })));

function AppRoutes() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageSkeleton />}>
        <Switch>
          <ProtectedRoute path="/" component={DiscoverPage} />
          <ProtectedRoute path="/nearby" component={NearbyPage} />
          <ProtectedRoute path="/availability" component={AvailabilityPage} />
          <ProtectedRoute path="/my-events" component={MyEventsPage} />
          <ProtectedRoute path="/events/:id" component={EventPage} signedOut={PublicEventPage} />
          <ProtectedRoute path="/profile" component={ProfilePage} />
          <ProtectedRoute path="/users/:id" component={UserProfilePage} />
          <ProtectedRoute path="/settings" component={SettingsPage} />
          <ProtectedRoute path="/notifications" component={NotificationsPage} />
          <ProtectedRoute path="/groups" component={GroupsPage} />
          <ProtectedRoute path="/admin" component={AdminPage} />
          <PublicRoute path="/auth" component={AuthPage} />
          <PublicRoute path="/waitlist" component={EarlyAccessPage} />
          <PublicRoute path="/reset-password" component={ResetPasswordPage} />
          <PublicRoute path="/verify-email" component={VerifyEmailPage} />
          <PublicRoute path="/invite/:code" component={InvitePage} />
          <PublicRoute path="/u/:username" component={HostPageScreen} />
          <PublicRoute component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The whole app around the cache its reads share (filled ahead by a first screen drawn on the server). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const pageLoaded = usePageLoaded();
  // A switch of language renders every screen again (times and numbers too), without a reload: nothing typed is lost.
  useLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <AppRoutes />
          {/* The native shells load the app from the device; only the web app has a service worker. */}
          {!native.isNative() && pageLoaded && (
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
