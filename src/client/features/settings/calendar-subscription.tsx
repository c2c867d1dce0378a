import { CALENDAR_TEXTS, subscribeLinks, webcalUrl } from "@contract/calendar";
import { SETTINGS_TEXTS } from "@contract/settings-texts";
import { CopyIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { text, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { useCalendarSubscription, useRotateCalendarSubscription } from "./api/calendar-subscription";

/** Settings: the person's calendar feed, to subscribe to from Google, Apple or Outlook, and to reset if it leaked. */
export function CalendarSubscriptionCard() {
  const { data, isLoading, isError, refetch } = useCalendarSubscription();
  const rotate = useRotateCalendarSubscription();
  const [confirming, setConfirming] = useState(false);
  const t = useTexts(SETTINGS_TEXTS);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: text(CALENDAR_TEXTS, "copied") });
    } catch {
      toast({ title: t("error"), description: t("copyFailed"), variant: "destructive" });
    }
  };

  const links = data ? subscribeLinks(data.url) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{text(CALENDAR_TEXTS, "title")}</CardTitle>
        <CardDescription>{text(CALENDAR_TEXTS, "description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {isLoading ? (
          <Skeleton className="h-24 rounded-lg" />
        ) : isError || !data || !links ? (
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">{t("calendarFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : (
          <>
            <div className="flex gap-2">
              <Input
                readOnly
                aria-label={t("calendarLink")}
                value={webcalUrl(data.url)}
                className="h-11 min-w-0 text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="outline"
                size="icon"
                className="size-11 shrink-0"
                aria-label={text(CALENDAR_TEXTS, "copy")}
                onClick={() => void copy(data.url)}
              >
                <CopyIcon aria-hidden />
              </Button>
            </div>
            <div className="grid grid-cols-1 gap-2">
              <Button variant="outline" className="h-11" asChild>
                <a href={links.google} target="_blank" rel="noopener noreferrer">
                  {t("addGoogle")}
                </a>
              </Button>
              <Button variant="outline" className="h-11" asChild>
                <a href={links.apple}>{t("addApple")}</a>
              </Button>
              <Button variant="outline" className="h-11" asChild>
                <a href={links.outlook} target="_blank" rel="noopener noreferrer">
                  {t("addOutlook")}
                </a>
              </Button>
            </div>
            <Button variant="ghost" className="h-11 self-start" onClick={() => setConfirming(true)}>
              <RefreshCwIcon aria-hidden />
              {text(CALENDAR_TEXTS, "rotate")}
            </Button>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text(CALENDAR_TEXTS, "rotate")}
        description={text(CALENDAR_TEXTS, "rotateConfirm")}
        confirmLabel={text(CALENDAR_TEXTS, "rotate")}
        destructive
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: text(CALENDAR_TEXTS, "rotated") });
            },
            onError: () => toast({ title: t("error"), description: t("resetFailed"), variant: "destructive" }),
          })
        }
      />
    </Card>
  );
}
