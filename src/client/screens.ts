import { lazyScreen } from "@/lib/lazy-screen";

// Each screen is its own chunk: the first paint downloads the gate or the Explore screen, not the whole app.
// main.tsx starts loading the chunk of the address the app opens on, in parallel with the app itself.
const AuthPage = lazyScreen(() => import("@/features/auth/auth-page").then((m) => m.AuthPage));
const AvailabilityPage = lazyScreen(() =>
  import("@/features/availability/availability-page").then((m) => m.AvailabilityPage),
);
const DiscoverPage = lazyScreen(() => import("@/features/discover/discover-page").then((m) => m.DiscoverPage));
const EventPage = lazyScreen(() => import("@/features/events/event-page").then((m) => m.EventPage));
const PublicEventPage = lazyScreen(() => import("@/features/events/public-event-page").then((m) => m.PublicEventPage));
const MyEventsPage = lazyScreen(() => import("@/features/events/my-events-page").then((m) => m.MyEventsPage));
const GroupsPage = lazyScreen(() => import("@/features/groups/groups-page").then((m) => m.GroupsPage));
const HostPageScreen = lazyScreen(() => import("@/features/hosts/host-page").then((m) => m.HostPageScreen));
const InvitePage = lazyScreen(() => import("@/features/invites/invite-page").then((m) => m.InvitePage));
const NearbyPage = lazyScreen(() => import("@/features/nearby/nearby-page").then((m) => m.NearbyPage));
const NotificationsPage = lazyScreen(() =>
  import("@/features/notifications/notifications-page").then((m) => m.NotificationsPage),
);
const ProfilePage = lazyScreen(() => import("@/features/profile/profile-page").then((m) => m.ProfilePage));
const UserProfilePage = lazyScreen(() => import("@/features/profile/user-profile-page").then((m) => m.UserProfilePage));
const SettingsPage = lazyScreen(() => import("@/features/settings/settings-page").then((m) => m.SettingsPage));
const EarlyAccessPage = lazyScreen(() =>
  import("@/features/early-access/early-access-page").then((m) => m.EarlyAccessPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import("@/features/account/reset-password-page").then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyScreen(() => import("@/features/account/verify-email-page").then((m) => m.VerifyEmailPage));
const AdminPage = lazyScreen(() => import("@/features/safety/admin-page").then((m) => m.AdminPage));

type Screen = ReturnType<typeof lazyScreen<object>>;

/** The app's addresses: members' screens (a visitor signs in first, or sees `signedOut`), then everyone's. */
export const SCREENS: Array<{ path: string; screen: Screen; members?: true; signedOut?: Screen }> = [
  { path: "/", screen: DiscoverPage, members: true },
  { path: "/nearby", screen: NearbyPage, members: true },
  { path: "/availability", screen: AvailabilityPage, members: true },
  { path: "/my-events", screen: MyEventsPage, members: true },
  { path: "/events/:id", screen: EventPage, members: true, signedOut: PublicEventPage },
  { path: "/profile", screen: ProfilePage, members: true },
  { path: "/users/:id", screen: UserProfilePage, members: true },
  { path: "/settings", screen: SettingsPage, members: true },
  { path: "/notifications", screen: NotificationsPage, members: true },
  { path: "/groups", screen: GroupsPage, members: true },
  { path: "/admin", screen: AdminPage, members: true },
  { path: "/auth", screen: AuthPage },
  { path: "/waitlist", screen: EarlyAccessPage },
  { path: "/reset-password", screen: ResetPasswordPage },
  { path: "/verify-email", screen: VerifyEmailPage },
  { path: "/invite/:code", screen: InvitePage },
  { path: "/u/:username", screen: HostPageScreen },
];

/** The screen `pathname` opens, matched as the router matches it (":name" is one segment). */
export function screenAt(pathname: string) {
  return SCREENS.find(({ path }) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}/?$`).test(pathname));
}
