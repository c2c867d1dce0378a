import { type AppNotification, type NotificationType, notificationTypeSchema } from "@contract/notifications";
import { NOTIFICATIONS_PAGE_TEXTS } from "@contract/notifications-texts";
import { useQueryClient } from "@tanstack/react-query";
import {
  BellIcon,
  BellOffIcon,
  CalendarClockIcon,
  CalendarXIcon,
  CheckCircle2Icon,
  HandshakeIcon,
  type LucideIcon,
  TimerIcon,
  UserPlusIcon,
  UsersIcon,
  XIcon,
} from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { FriendRequestActions } from "@/features/profile";
import { errorMessage } from "@/lib/api";
import { dayKey, formatDayHeading, formatTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { clearAllNotifications, loadOlderNotifications, markAllRead, removeNotification } from "./notifications-cache";
import { useNotifications } from "./use-notifications";

type PageText = keyof typeof NOTIFICATIONS_PAGE_TEXTS;
const TYPE_LABELS: Partial<Record<NotificationType, PageText>> = {
  event_notification: "eventNotification",
  event_update: "eventUpdate",
  event_canceled: "eventCanceled",
  new_participant: "newParticipant",
  participant_update: "participantUpdate",
  friend_request: "friendRequest",
  event_reminder: "eventReminder",
  meeting_request: "meetingRequest",
  meeting_update: "meetingUpdate",
  meeting_reminder: "meetingReminder",
};
const TYPE_ICONS: Partial<Record<NotificationType, LucideIcon>> = {
  event_reminder: TimerIcon,
  meeting_reminder: TimerIcon,
  meeting_request: HandshakeIcon,
  meeting_update: HandshakeIcon,
  event_update: CalendarClockIcon,
  event_canceled: CalendarXIcon,
  new_participant: UsersIcon,
  participant_update: CheckCircle2Icon,
  friend_request: UserPlusIcon,
};
/** A type's name in the reader's language; a type this client does not know yet, from its stored name. */
const labelOf = (t: (key: PageText) => string, type: string) => {
  const key = TYPE_LABELS[type as NotificationType];
  return key ? t(key) : type.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
};

function BrowserNotificationsOffer() {
  const supported = typeof window !== "undefined" && "Notification" in window;
  const [permission, setPermission] = useState(() => (supported ? window.Notification.permission : "denied"));
  const t = useTexts(NOTIFICATIONS_PAGE_TEXTS);
  if (!supported || permission !== "default") return null;
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-3 text-sm">
      <BellIcon className="size-4 shrink-0 text-primary" aria-hidden />
      <span className="flex-1 text-muted-foreground">{t("browserOffer")}</span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void window.Notification.requestPermission().then(setPermission)}
      >
        {t("allow")}
      </Button>
    </div>
  );
}

function NotificationItem({ notification, timezone }: { notification: AppNotification; timezone: string | undefined }) {
  const Icon = TYPE_ICONS[notification.type] ?? BellIcon;
  const messageId = useId();
  // A friend request's notification links to the person who sent it: Accept and Decline answer it here.
  const requesterId =
    notification.type === "friend_request"
      ? Number(/^\/users\/(\d+)$/.exec(notification.actionUrl ?? "")?.[1]) || null
      : null;
  const queryClient = useQueryClient();
  const t = useTexts(NOTIFICATIONS_PAGE_TEXTS);
  const remove = () =>
    removeNotification(queryClient, notification.id).catch((error) =>
      toast({
        title: t("error"),
        description: errorMessage(error) ?? t("removeFailed"),
        variant: "destructive",
      }),
    );
  return (
    <li
      className={cn(
        "flex gap-3 rounded-xl border border-border bg-card p-3 shadow-xs",
        !notification.read && "border-primary/40 bg-primary/5",
      )}
      data-testid="notification-item"
    >
      <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
        <Icon className="size-4" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p className="flex-1 text-sm font-semibold leading-snug">{notification.title}</p>
          <time className="shrink-0 pt-0.5 text-xs text-muted-foreground" dateTime={notification.timestamp}>
            {formatTime(notification.timestamp, timezone)}
          </time>
        </div>
        <p id={messageId} className="mt-0.5 text-sm text-muted-foreground">
          {notification.message}
        </p>
        {requesterId != null && <FriendRequestActions userId={requesterId} describedBy={messageId} />}
        {notification.actionUrl && (
          <Button variant="link" size="sm" className="mt-1 h-auto p-0" asChild>
            <Link href={notification.actionUrl}>{t("details")}</Link>
          </Button>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="-me-1 -mt-1 size-8 shrink-0 rounded-full text-muted-foreground"
        aria-label={t("remove", { title: notification.title })}
        onClick={remove}
      >
        <XIcon />
      </Button>
    </li>
  );
}

export function NotificationsPage() {
  const { user } = useAuth();
  const { data, isLoading } = useNotifications();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<string>("all");
  const [loadingOlder, setLoadingOlder] = useState(false);
  const t = useTexts(NOTIFICATIONS_PAGE_TEXTS);

  // Opening the page marks everything read (once the list is known, so the badge clears with it).
  const hasUnread = (data?.unreadCount ?? 0) > 0;
  useEffect(() => {
    if (hasUnread) markAllRead(queryClient).catch((error) => console.warn("mark all read failed", error));
  }, [hasUnread, queryClient]);

  const all = data?.notifications ?? [];
  const types = useMemo(() => [...new Set([...notificationTypeSchema.options, ...all.map((n) => n.type)])], [all]);
  const visible = filter === "all" ? all : all.filter((n) => n.type === filter);
  const timezone = user?.timezone;
  const days = useMemo(() => {
    const groups = new Map<string, AppNotification[]>();
    const sorted = [...visible].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.id - a.id);
    for (const n of sorted) {
      const key = dayKey(n.timestamp, timezone);
      const list = groups.get(key) ?? [];
      list.push(n);
      groups.set(key, list);
    }
    return [...groups.values()];
  }, [visible, timezone]);

  const clearAll = () =>
    clearAllNotifications(queryClient).catch((error) =>
      toast({
        title: t("error"),
        description: errorMessage(error) ?? t("clearFailed"),
        variant: "destructive",
      }),
    );

  return (
    <section className="flex flex-col gap-4 px-4 py-5">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <Button variant="outline" size="sm" onClick={clearAll} disabled={all.length === 0}>
          {t("clearAll")}
        </Button>
      </div>
      <Select value={filter} onValueChange={setFilter}>
        <SelectTrigger aria-label={t("filter")} className="w-full">
          <SelectValue placeholder={t("all")} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">{t("all")}</SelectItem>
          {types.map((type) => (
            <SelectItem key={type} value={type}>
              {labelOf(t, type)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <BrowserNotificationsOffer />

      {isLoading && !data ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : days.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
            <BellOffIcon className="size-7" aria-hidden />
          </div>
          <h2 className="text-lg font-semibold">{t("none")}</h2>
          <p className="max-w-xs text-sm text-muted-foreground">{filter === "all" ? t("caughtUp") : t("noneOfType")}</p>
          <Button asChild>
            <Link href="/">{t("home")}</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          {days.map((items) => {
            const heading = formatDayHeading(items[0].timestamp, timezone);
            return (
              <section key={dayKey(items[0].timestamp, timezone)} aria-label={heading} className="flex flex-col gap-2">
                <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</h2>
                <ul className="flex flex-col gap-2">
                  {items.map((n) => (
                    <NotificationItem key={n.id} notification={n} timezone={timezone} />
                  ))}
                </ul>
              </section>
            );
          })}
          {data?.nextCursor && (
            <Button
              variant="ghost"
              disabled={loadingOlder}
              onClick={() => {
                setLoadingOlder(true);
                loadOlderNotifications(queryClient)
                  .catch((error) => console.warn("loading older notifications failed", error))
                  .finally(() => setLoadingOlder(false));
              }}
            >
              {loadingOlder ? t("loading") : t("older")}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
