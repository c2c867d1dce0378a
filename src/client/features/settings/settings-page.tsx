import { LANGUAGE_TEXTS } from "@contract/i18n/language-texts";
import { SETTINGS_TEXTS } from "@contract/settings-texts";
import type { Theme } from "@contract/theme";
import { TIME_SLOT_TEXTS } from "@contract/time-slots";
import { ZONE_LABEL_TEXTS } from "@contract/timezone-ids";
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
import { text, useLanguage, useTexts } from "@/lib/i18n";
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

/** A slot's hours in a language's own clock ("21:00–00:00", "9:00 م–12:00 ص"): the day they fall on does not matter. */
function hourRange(startHour: number, locale: string): string {
  const clock = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit" });
  const at = (hour: number) => clock.format(new Date(2000, 0, 1, hour % 24));
  return `${at(startHour)}–${at(startHour + 3)}`;
}

function Field({ label, value, muted, own }: { label: string; value: string; muted?: boolean; own?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-border py-2.5 last:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className={muted ? "text-sm text-muted-foreground italic" : "truncate text-sm font-medium"}
        dir={own ? "auto" : undefined}
      >
        {value}
      </dd>
    </div>
  );
}

function EventHistory({ user }: { user: CurrentUser }) {
  const { data, isLoading, isError } = useUserEvents(user.id, "going");
  const t = useTexts(SETTINGS_TEXTS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("eventHistory")}</CardTitle>
        <CardDescription>{t("eventsGoing")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isLoading ? (
          <>
            <Skeleton className="h-14 rounded-lg" />
            <Skeleton className="h-14 rounded-lg" />
          </>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">{t("eventsFailed")}</p>
        ) : !data?.length ? (
          <p className="text-sm text-muted-foreground">{t("noEvents")}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t("eventHistoryList")}>
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
                    <p className="truncate text-sm font-medium" dir="auto">
                      {event.title}
                    </p>
                    <p className="truncate text-xs text-muted-foreground" data-testid="event-history-time">
                      {formatEventTime(event.date, event.timezone, user.timezone)}
                    </p>
                  </div>
                  <ChevronRightIcon className="size-4 text-muted-foreground rtl:-scale-x-100" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Button variant="outline" className="mt-1" asChild>
          <Link href="/my-events">{t("viewAllEvents")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function AccountTab({ user }: { user: CurrentUser }) {
  const { logoutMutation } = useAuth();
  const t = useTexts(SETTINGS_TEXTS);
  const [, navigate] = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("account")}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl>
            <Field label={t("name")} value={user.fullName} own />
            <Field label={t("username")} value={`@${user.username}`} own />
            <Field label={t("email")} value={user.email || t("notSet")} muted={!user.email} own={Boolean(user.email)} />
          </dl>
          <Button variant="outline" className="mt-3 w-full" asChild>
            <Link href="/profile">{t("editProfile")}</Link>
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
        <LogOutIcon className="rtl:-scale-x-100" aria-hidden />
        {logoutMutation.isPending ? t("loggingOut") : t("logOut")}
      </Button>
    </div>
  );
}

const THEME_CHOICES: { value: Theme; label: "light" | "dark" | "device"; icon: typeof SunIcon }[] = [
  { value: "light", label: "light", icon: SunIcon },
  { value: "dark", label: "dark", icon: MoonIcon },
  { value: "system", label: "device", icon: MonitorIcon },
];

function AppearanceTab({ user }: { user: CurrentUser }) {
  const { theme, setTheme } = useTheme();
  const t = useTexts(LANGUAGE_TEXTS);
  const s = useTexts(SETTINGS_TEXTS);
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
          <CardTitle>{s("appearance")}</CardTitle>
          <CardDescription>{s("appearanceText")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <RadioGroup
            aria-label={s("theme")}
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
                {s(label)}
                <RadioGroupItem id={`theme-${value}`} value={value} aria-label={s(label)} />
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
  const t = useTexts(SETTINGS_TEXTS);
  const { language, locale } = useLanguage();
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("timezone")}</CardTitle>
          <CardDescription>{t("timezoneText")}</CardDescription>
        </CardHeader>
        <CardContent>
          <TimezonePicker
            value={user.timezone}
            disabled={saveTimezone.isPending}
            onChange={(zone) =>
              saveTimezone.mutate(zone, {
                onSuccess: (updated) =>
                  toast({
                    title: text(SETTINGS_TEXTS, "timezoneUpdated"),
                    description: text(SETTINGS_TEXTS, "timesNowIn", {
                      zone: timezoneLabel(updated.timezone, (key) => text(ZONE_LABEL_TEXTS, key)),
                    }),
                  }),
                onError: () =>
                  toast({
                    title: text(SETTINGS_TEXTS, "error"),
                    description: text(SETTINGS_TEXTS, "timezoneFailed"),
                    variant: "destructive",
                  }),
              })
            }
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("timeSlots")}</CardTitle>
          <CardDescription>{t("timeSlotsText")}</CardDescription>
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
                  <span className="block font-medium">
                    {language === "en" ? slot.range : hourRange(slot.startHour, locale)}
                  </span>
                  <span className="block text-muted-foreground">{text(TIME_SLOT_TEXTS, slot.label)}</span>
                </span>
              </li>
            ))}
          </ul>
          <Button variant="outline" asChild>
            <Link href="/availability">{t("setAvailability")}</Link>
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
  const t = useTexts(SETTINGS_TEXTS);
  if (!user) return null;
  return (
    <section className="flex flex-col gap-4 px-4 py-5">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon" className="size-9 rounded-full" asChild>
          <Link href="/" aria-label={t("backToExplore")}>
            <ArrowLeftIcon className="rtl:-scale-x-100" />
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight">{t("settings")}</h1>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        {/* Four labels share 358 px on a phone: each tab as wide as its word ("Benachrichtigungen" is long), 13 px
            type, and the row scrolls sideways before a longer language would push a tab off the screen. */}
        <TabsList className="flex w-full justify-start overflow-x-auto *:flex-auto *:px-1.5 *:text-[13px]">
          <TabsTrigger value="account">{t("account")}</TabsTrigger>
          <TabsTrigger value="appearance">{t("appearance")}</TabsTrigger>
          <TabsTrigger value="availability">{t("availability")}</TabsTrigger>
          <TabsTrigger value="notifications">{t("notifications")}</TabsTrigger>
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
