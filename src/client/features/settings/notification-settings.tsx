import type { Texts } from "@contract/i18n/texts";
import {
  CATEGORY_LABELS,
  CHANNEL_LABELS,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  REMINDER_OFFSET_LABELS,
  REMINDER_OFFSETS,
  type ReminderOffset,
} from "@contract/push";
import { SETTINGS_TEXTS } from "@contract/settings-texts";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Checkbox } from "@/ui/checkbox";
import { Label } from "@/ui/label";
import { Skeleton } from "@/ui/skeleton";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useNotificationPreferences, useSaveNotificationPreferences } from "./api/notification-preferences";
import { currentPushSubscription, disablePush, enablePush, pushSupport } from "./web-push";

/** The reminder offsets' names by their number, as a set of texts keyed by strings. */
const OFFSET_LABELS: Texts = REMINDER_OFFSET_LABELS;

/** Settings › Notifications, push on this device: off until the user turns it on here (never asked on first load). */
function PushDeviceCard() {
  const support = pushSupport(native.isNative());
  const [enabled, setEnabled] = useState<boolean | null>(support === "web" ? null : false);
  const [busy, setBusy] = useState(false);
  const t = useTexts(SETTINGS_TEXTS);
  useEffect(() => {
    if (support !== "web") return;
    let live = true;
    currentPushSubscription()
      .then((s) => live && setEnabled(s !== null && Notification.permission === "granted"))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, [support]);

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      if (on) await enablePush();
      else await disablePush();
      setEnabled(on);
      toast({
        title: on ? t("pushOn") : t("pushOff"),
        description: on ? t("pushOnText") : undefined,
      });
    } catch (error) {
      // The server's sentence (a device still signed in to another account: 409), not "409: {…}".
      toast({
        title: t("pushNotifications"),
        description: errorMessage(error) ?? (error as Error).message,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("pushDevice")}</CardTitle>
        <CardDescription>
          {support === "native" ? t("pushNative") : support === "unsupported" ? t("pushUnsupported") : t("pushWeb")}
        </CardDescription>
      </CardHeader>
      {support === "web" && (
        <CardContent>
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="push-device">{t("pushNotifications")}</Label>
            <Switch
              id="push-device"
              checked={enabled === true}
              disabled={enabled === null || busy}
              onCheckedChange={(on) => void toggle(on)}
            />
          </div>
        </CardContent>
      )}
    </Card>
  );
}

function PreferencesCard() {
  const { data, isLoading, isError } = useNotificationPreferences();
  const t = useTexts(SETTINGS_TEXTS);
  const save = useSaveNotificationPreferences(() =>
    toast({
      title: text(SETTINGS_TEXTS, "error"),
      description: text(SETTINGS_TEXTS, "preferencesFailed"),
      variant: "destructive",
    }),
  );

  const setChannel = (category: NotificationCategory, channel: NotificationChannel, on: boolean) => {
    if (!data) return;
    save.mutate({ ...data, channels: { ...data.channels, [category]: { ...data.channels[category], [channel]: on } } });
  };

  const setOffset = (offset: ReminderOffset, on: boolean) => {
    if (!data) return;
    const chosen = data.reminders.offsetsMinutes.filter((o) => o !== offset);
    const offsetsMinutes = (on ? [...chosen, offset] : chosen).sort((a, b) => a - b);
    save.mutate({ ...data, reminders: { offsetsMinutes } });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("whatYouHear")}</CardTitle>
        <CardDescription>{t("whatYouHearText")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isLoading ? (
          <Skeleton className="h-40 rounded-lg" />
        ) : isError || !data ? (
          <p className="text-sm text-muted-foreground">{t("preferencesLoadFailed")}</p>
        ) : (
          <>
            <table className="w-full text-sm" aria-label={t("channels")}>
              <thead>
                <tr className="text-xs text-muted-foreground">
                  <th scope="col" className="pb-2 text-start font-medium">
                    <span className="sr-only">{t("kind")}</span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-16 pb-2 text-center font-medium">
                      {text(CHANNEL_LABELS, channel)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {NOTIFICATION_CATEGORIES.map((category) => (
                  <tr key={category} className="border-t border-border">
                    <th scope="row" className="py-3 pe-2 text-start font-medium">
                      {text(CATEGORY_LABELS, category)}
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      // Chat messages always show in their chat: only push and e-mail can be chosen for them.
                      const fixed = category === "chat" && channel === "inApp";
                      return (
                        <td key={channel} className="py-3 text-center">
                          <Checkbox
                            className="size-5"
                            aria-label={t(fixed ? "channelAlways" : "channelOf", {
                              category: text(CATEGORY_LABELS, category),
                              channel: text(CHANNEL_LABELS, channel),
                            })}
                            checked={fixed || data.channels[category][channel]}
                            disabled={fixed}
                            onCheckedChange={(checked) => setChannel(category, channel, checked === true)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {/* The rule is the wrapper's: a fieldset draws its own border through its legend, a stray line. */}
            <div className="border-t border-border pt-4">
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-2 text-sm font-medium">{t("remindMe")}</legend>
                <p className="text-xs text-muted-foreground">{t("remindMeText")}</p>
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {REMINDER_OFFSETS.map((offset) => (
                    <Label key={offset} className="flex min-h-11 items-center gap-2 font-normal">
                      <Checkbox
                        className="size-5"
                        checked={data.reminders.offsetsMinutes.includes(offset)}
                        onCheckedChange={(checked) => setOffset(offset, checked === true)}
                      />
                      {text(OFFSET_LABELS, String(offset))}
                    </Label>
                  ))}
                </div>
              </fieldset>
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-border pt-4">
              <Label htmlFor="email-digest" className="flex flex-col items-start gap-0.5">
                <span>{t("digest")}</span>
                <span className="text-xs font-normal text-muted-foreground">{t("digestText")}</span>
              </Label>
              <Switch
                id="email-digest"
                checked={data.emailDigest}
                onCheckedChange={(on) => save.mutate({ ...data, emailDigest: on })}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Settings › Notifications. */
export function NotificationSettings() {
  return (
    <div className="flex flex-col gap-4">
      <PushDeviceCard />
      <PreferencesCard />
    </div>
  );
}
