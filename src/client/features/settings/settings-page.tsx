import { LANGUAGE_TEXTS } from "@contract/i18n/language-texts";
import type { Theme } from "@contract/theme";
import { SETTINGS_SLOTS, timezoneLabel } from "@contract/timezones";
import type { CurrentUser } from "@contract/users";
import {
  ArrowLeftIcon,
  CalendarIcon,
  ChevronRightIcon,
  ClockIcon,
  LogOutIcon,
  MonitorIcon,
  MoonIcon,
  SunIcon,
} from "lucide-react";
import { Link, useLocation, useSearch } from "wouter";
import { AccountControls } from "@/features/account";
import { useAuth } from "@/features/auth";
import { useUserEvents } from "@/features/events";
import { PublicPageSettings } from "@/features/hosts";
import { LanguagePicker } from "@/features/language";
import { formatEventTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { Skeleton } from "@/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { toast } from "@/ui/use-toast";
import { useSaveLanguage } from "./api/save-language";
import { useSaveTimezone } from "./api/save-timezone";
import { CalendarSubscriptionCard } from "./calendar-subscription";
import { NotificationSettings } from "./notification-settings";
import { TimezonePicker } from "./timezone-picker";

function Field({ label, value, muted }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-border py-2.5 last:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={muted ? "text-sm text-muted-foreground italic" : "truncate text-sm font-medium"}>{value}</dd>
    </div>
  );
}

function EventHistory({ user }: { user: CurrentUser }) {
  const { data, isLoading, isError } = useUserEvents(user.id, "going");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Event History</CardTitle>
        <CardDescription>Events you're going to</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isLoading ? (
          <>
            <Skeleton className="h-14 rounded-lg" />
            <Skeleton className="h-14 rounded-lg" />
          </>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Your events couldn't be loaded.</p>
        ) : !data?.length ? (
          <p className="text-sm text-muted-foreground">No events yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Event history">
            {data.map((event) => (
              <li key={event.id}>
                <Link
                  href={`/events/${event.id}`}
                  className="flex items-center gap-3 rounded-lg border border-border p-2.5 transition-colors hover:bg-accent"
                >
                  <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
                    <CalendarIcon className="size-4" aria-hidden />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{event.title}</p>
                    <p className="truncate text-xs text-muted-foreground" data-testid="event-history-time">
                      {formatEventTime(event.date, event.timezone, user.timezone)}
                    </p>
                  </div>
                  <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" className="mt-1" asChild>
          <Link href="/my-events">View All Events</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AccountTab({ user }: { user: CurrentUser }) {
  const { logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent>
          <dl>
            <Field label="Name" value={user.fullName} />
            <Field label="Username" value={`@${user.username}`} />
            <Field label="Email" value={user.email || "Not set"} muted={!user.email} />
          </dl>
          <Button variant="outline" className="mt-3 w-full" asChild>
            <Link href="/profile">Edit Profile</Link>
          </Button>
        </CardContent>
      </Card>
      <PublicPageSettings user={user} />
      <EventHistory user={user} />
      <AccountControls />
      <Button
        variant="destructive"
        disabled={logoutMutation.isPending}
        onClick={() => logoutMutation.mutate(undefined, { onSuccess: () => navigate("/auth") })}
      >
        <LogOutIcon aria-hidden />
        {logoutMutation.isPending ? "Logging out..." : "Log out"}
      </Button>
    </div>
  );
}

const THEME_CHOICES: { value: Theme; label: string; icon: typeof SunIcon }[] = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "Device", icon: MonitorIcon },
];

function AppearanceTab({ user }: { user: CurrentUser }) {
  const { theme, setTheme } = useTheme();
  const t = useTexts(LANGUAGE_TEXTS);
  const saveLanguage = useSaveLanguage(user.id);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("label")}</CardTitle>
          <CardDescription>{t("description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <LanguagePicker onChoose={(language) => saveLanguage.mutate(language)} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>Choose how Link looks on this device</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <RadioGroup
            aria-label="Theme"
            value={theme}
            onValueChange={(value) => setTheme(value as Theme)}
            className="grid grid-cols-3 gap-2"
          >
            {THEME_CHOICES.map(({ value, label, icon: Icon }) => (
              <Label
                key={value}
                htmlFor={`theme-${value}`}
                className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-border p-3 text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/8"
              >
                <Icon className="size-5" aria-hidden />
                {label}
                <RadioGroupItem id={`theme-${value}`} value={value} aria-label={label} />
              </Label>
            ))}
          </RadioGroup>
        </CardContent>
      </Card>
    </div>
  );
}

function AvailabilityTab({ user }: { user: CurrentUser }) {
  const saveTimezone = useSaveTimezone(user.id);
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Timezone</CardTitle>
          <CardDescription>Event times across Link are shown in this timezone</CardDescription>
        </CardHeader>
        <CardContent>
          <TimezonePicker
            value={user.timezone}
            disabled={saveTimezone.isPending}
            onChange={(zone) =>
              saveTimezone.mutate(zone, {
                onSuccess: (updated) =>
                  toast({
                    title: "Timezone Updated",
                    description: `Times now show in ${timezoneLabel(updated.timezone)}`,
                  }),
                onError: () =>
                  toast({ title: "Error", description: "Failed to update timezone", variant: "destructive" }),
              })
            }
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Time slots</CardTitle>
          <CardDescription>The eight 3-hour slots you can mark as free</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <ul className="grid grid-cols-2 gap-2">
            {SETTINGS_SLOTS.map((slot) => (
              <li
                key={slot.range}
                className="flex items-center gap-2 rounded-lg border border-border px-2.5 py-2 text-xs"
              >
                <ClockIcon className="size-3.5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0">
                  <span className="block font-medium">{slot.range}</span>
                  <span className="block text-muted-foreground">{slot.label}</span>
                </span>
              </li>
            ))}
          </ul>
          <Button variant="outline" asChild>
            <Link href="/availability">Set your availability</Link>
          </Button>
        </CardContent>
      </Card>
      <CalendarSubscriptionCard />
    </div>
  );
}

const SETTINGS_TABS = ["account", "appearance", "availability", "notifications"] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The open tab lives in the URL (?tab=notifications): a reload, a shared link or Back opens the same one. */
function useSettingsTab(): [SettingsTab, (tab: string) => void] {
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get("tab");
  const tab = SETTINGS_TABS.find((t) => t === asked) ?? "account";
  return [tab, (next) => navigate(next === "account" ? location : `${location}?tab=${next}`, { replace: true })];
}

export function SettingsPage() {
  const { user } = useAuth();
  const [tab, setTab] = useSettingsTab();
  if (!user) return null;
  return (
    <section className="flex flex-col gap-4 px-4 py-5">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" className="size-9 rounded-full" asChild>
          <Link href="/" aria-label="Back to Explore">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        {/* Four labels share 358 px on a phone: tighter padding and 13 px type keep "Notifications" inside its tab. */}
        <TabsList className="grid w-full grid-cols-4 *:px-1 *:text-[13px]">
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="appearance">Appearance</TabsTrigger>
          <TabsTrigger value="availability">Availability</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
        </TabsList>
        <TabsContent value="account" className="mt-4">
          <AccountTab user={user} />
        </TabsContent>
        <TabsContent value="appearance" className="mt-4">
          <AppearanceTab user={user} />
        </TabsContent>
        <TabsContent value="availability" className="mt-4">
          <AvailabilityTab user={user} />
        </TabsContent>
        <TabsContent value="notifications" className="mt-4">
          <NotificationSettings />
        </TabsContent>
      </Tabs>
    </section>
  );
}
