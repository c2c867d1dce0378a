import { CONVERSATION_TEXTS } from "@contract/event-conversation";
import type { GroupListItem } from "@contract/groups";
import { GROUPS_PAGE_TEXTS } from "@contract/groups-texts";
import { CalendarDays, CalendarPlus, Lock, MessageCircle, UserPlus, Users } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { cn, initialOf } from "@/lib/utils";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { UploadedImage } from "@/ui/uploaded-image";

/**
 * Who may hand out a group's link: its admins, and only for an ordinary group (a direct conversation is two
 * people; a guests' conversation is joined by going to its event, and the server refuses links to it).
 */
export const canInvite = (group: GroupListItem) => group.role === "admin" && !group.isDirect && group.eventId == null;

export function GroupCard({
  group,
  selected,
  onSelect,
  onChat,
  onPlan,
  onInvite,
}: {
  group: GroupListItem;
  selected: boolean;
  onSelect: () => void;
  onChat: () => void;
  onPlan: () => void;
  onInvite: () => void;
}) {
  const t = useTexts(GROUPS_PAGE_TEXTS);
  const tc = useTexts(CONVERSATION_TEXTS);
  const invites = canInvite(group);
  // A guests' conversation belongs to its event: it offers the event, never a new plan.
  const eventId = group.eventId;
  return (
    <li
      className={cn(
        "rounded-xl border bg-card p-4 transition-colors",
        selected && "border-primary ring-1 ring-primary",
      )}
      data-testid="group-card"
    >
      <button type="button" className="flex w-full items-start gap-3 text-start" onClick={onSelect}>
        {group.image ? (
          <UploadedImage src={group.image} sizes="44px" className="size-11 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary/10 font-semibold text-primary">
            {initialOf(group.name)}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1.5">
            <span className="truncate font-semibold" dir="auto">
              {group.name}
            </span>
            {group.isPrivate && <Lock className="size-3.5 shrink-0 text-muted-foreground" aria-label={t("private")} />}
            {group.unreadCount > 0 && (
              <Badge className="ms-auto" aria-label={t("unread", { count: group.unreadCount })}>
                {group.unreadCount}
              </Badge>
            )}
          </span>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <Users className="size-3" /> {t("members", { count: group.members })}
          </span>
          {group.lastMessage ? (
            <span className="mt-1 block truncate text-sm text-muted-foreground">
              <span className="font-medium text-foreground/80" dir="auto">
                {group.lastMessage.userName}:
              </span>{" "}
              <span dir="auto">{group.lastMessage.message}</span>
            </span>
          ) : (
            (eventId != null || group.description) && (
              <span className="mt-1 block truncate text-sm text-muted-foreground" dir="auto">
                {eventId != null ? tc("groupDescription", { title: group.name }) : group.description}
              </span>
            )
          )}
        </span>
      </button>
      <div className={cn("mt-3 grid gap-2", invites ? "grid-cols-3" : "grid-cols-2")}>
        <Button variant="secondary" size="sm" onClick={onChat}>
          <MessageCircle /> {t("chat")}
        </Button>
        {eventId == null ? (
          <Button variant="outline" size="sm" onClick={onPlan} data-testid="plan-event">
            <CalendarPlus /> {t("planEvent")}
          </Button>
        ) : (
          <Button variant="outline" size="sm" asChild>
            <Link href={`/events/${eventId}`}>
              <CalendarDays /> {t("openEvent")}
            </Link>
          </Button>
        )}
        {invites && (
          <Button variant="outline" size="sm" onClick={onInvite} aria-label={t("inviteTo", { name: group.name })}>
            <UserPlus /> {t("invite")}
          </Button>
        )}
      </div>
    </li>
  );
}
