import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { AuthPage } from "@/features/auth/auth-page";
import { AuthProvider } from "@/features/auth/use-auth";
import { AvailabilityPage } from "@/features/availability/availability-page";
import { DiscoverPage } from "@/features/discover/discover-page";
import { EventPage } from "@/features/events/event-page";
import { MyEventsPage } from "@/features/events/my-events-page";
import { GroupsPage } from "@/features/groups/groups-page";
import { InvitePage } from "@/features/invites/invite-page";
import { NearbyPage } from "@/features/nearby/nearby-page";
import { NotificationsPage } from "@/features/notifications/notifications-page";
import { ProfilePage } from "@/features/profile/profile-page";
import { UserProfilePage } from "@/features/profile/user-profile-page";
import { SettingsPage } from "@/features/settings/settings-page";
import { NotFoundPage } from "@/features/shell/not-found-page";
import { ProtectedRoute } from "@/features/shell/protected-route";
import { WaitlistPage } from "@/features/waitlist/waitlist-page";
import { queryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";
import { Toaster } from "@/ui/toaster";
import { TooltipProvider } from "@/ui/tooltip";

export function AppRoutes() {
  return (
    <Switch>
      <ProtectedRoute path="/" component={DiscoverPage} />
      <ProtectedRoute path="/nearby" component={NearbyPage} />
      <ProtectedRoute path="/availability" component={AvailabilityPage} />
      <ProtectedRoute path="/my-events" component={MyEventsPage} />
      <ProtectedRoute path="/events/:id" component={EventPage} />
      <ProtectedRoute path="/profile" component={ProfilePage} />
      <ProtectedRoute path="/users/:id" component={UserProfilePage} />
      <ProtectedRoute path="/settings" component={SettingsPage} />
      <ProtectedRoute path="/notifications" component={NotificationsPage} />
      <ProtectedRoute path="/groups" component={GroupsPage} />
      <Route path="/auth" component={AuthPage} />
      <Route path="/waitlist" component={WaitlistPage} />
      <Route path="/invite/:code" component={InvitePage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <TooltipProvider>
            <AppRoutes />
            <Toaster />
          </TooltipProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
