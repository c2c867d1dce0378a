import type { UserSummary } from "@contract/events";
import { AVATAR_STACK_MAX } from "@contract/limits";
import { Link } from "wouter";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";

/** Up to three avatars (AVATAR_STACK_MAX), then "+N" for the rest; each links to the profile. */
export function AvatarStack({ attendees, total }: { attendees: UserSummary[]; total: number }) {
  const shown = attendees.slice(0, AVATAR_STACK_MAX);
  const rest = Math.max(0, total - shown.length);
  if (total === 0) return null;
  return (
    <div className="flex items-center" data-testid="avatar-stack">
      {shown.map((u) => (
        <Link key={u.id} href={`/users/${u.id}`} aria-label={u.fullName} className="-ml-2 first:ml-0">
          <Avatar className="size-8 border-2 border-background">
            {u.profileImage && <AvatarImage src={u.profileImage} alt="" />}
            <AvatarFallback className="text-xs">{initialOf(u.fullName)}</AvatarFallback>
          </Avatar>
        </Link>
      ))}
      {rest > 0 && (
        <span className="-ml-2 flex size-8 items-center justify-center rounded-full border-2 border-background bg-muted text-xs font-medium">
          +{rest}
        </span>
      )}
    </div>
  );
}

/** "1 friend going", else "N friends going". */
export function friendsGoingText(n: number) {
  return n === 1 ? "1 friend going" : `${n} friends going`;
}
