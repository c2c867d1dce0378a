import type { GroupListItem } from "@contract/groups";
import { CalendarDays, CalendarPlus, Lock, MessageCircle, UserPlus, Users } from "lucide-react";
import { Link } from "wouter";
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
      <button type="button" className="flex w-full items-start gap-3 text-left" onClick={onSelect}>
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
            {group.isPrivate && <Lock className="size-3.5 shrink-0 text-muted-foreground" aria-label="Private" />}
            {group.unreadCount > 0 && (
              <Badge className="ml-auto" aria-label={`${group.unreadCount} unread`}>
                {group.unreadCount}
              </Badge>
            )}
          </span>
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <Users className="size-3" /> {group.members} {group.members === 1 ? "member" : "members"}
          </span>
          {group.lastMessage ? (
            <span className="mt-1 block truncate text-sm text-muted-foreground">
              <span className="font-medium text-foreground/80">{group.lastMessage.userName}:</span>{" "}
              {group.lastMessage.message}
            </span>
          ) : (
            group.description && (
              <span className="mt-1 block truncate text-sm text-muted-foreground">{group.description}</span>
            )
          )}
        </span>
      </button>
      <div className={cn("mt-3 grid gap-2", invites ? "grid-cols-3" : "grid-cols-2")}>
        <Button variant="secondary" size="sm" onClick={onChat}>
          <MessageCircle /> Chat
        </Button>
        {eventId == null ? (
          <Button variant="outline" size="sm" onClick={onPlan}>
            <CalendarPlus /> Plan Event
          </Button>
        ) : (
          <Button variant="outline" size="sm" asChild>
            <Link href={`/events/${eventId}`}>
              <CalendarDays /> Open event
            </Link>
          </Button>
        )}
        {invites && (
          <Button variant="outline" size="sm" onClick={onInvite} aria-label={`Invite friends to ${group.name}`}>
            <UserPlus /> Invite
          </Button>
        )}
      </div>
    </li>
  );
}
