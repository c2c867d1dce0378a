import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { UserSummary } from "@contract/events";
import { formatMessage } from "@contract/i18n/texts";
import { AVATAR_STACK_MAX } from "@contract/limits";
import { Link } from "wouter";
import { useDistanceText } from "@/features/events";
import { useTexts } from "@/lib/i18n";
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
        <Link key={u.id} href={`/users/${u.id}`} aria-label={u.fullName} dir="auto" className="-ms-2 first:ms-0">
          <Avatar className="size-8 border-2 border-background">
            {u.profileImage && <AvatarImage src={u.profileImage} alt="" />}
            <AvatarFallback className="text-xs">{initialOf(u.fullName)}</AvatarFallback>
          </Avatar>
        </Link>
      ))}
      {rest > 0 && (
        <span className="-ms-2 flex size-8 items-center justify-center rounded-full border-2 border-background bg-muted text-xs font-medium">
          +{rest}
        </span>
      )}
    </div>
  );
}

/** "1 friend going", else "N friends going": in English, as the server writes it among a card's reasons. */
export function friendsGoingText(n: number) {
  return formatMessage("en", DISCOVER_TEXTS.friendsGoing, { count: n });
}

/**
 * A card's reasons arrive in the server's English: each is read back (it is one of a few fixed forms) and
 * said in the reader's language; one not recognised is shown as it came.
 */
export function useReasonText() {
  const t = useTexts(DISCOVER_TEXTS);
  const distanceText = useDistanceText();
  return (reason: string): string => {
    if (reason === DISCOVER_TEXTS.reasonFollowed) return t("reasonFollowed");
    if (reason === DISCOVER_TEXTS.reasonFits) return t("reasonFits");
    const interest = /^Matches your interest: (.+)$/.exec(reason);
    if (interest) return t("reasonInterest", { interest: interest[1] as string });
    const friends = /^(\d+) friends? going$/.exec(reason);
    if (friends) return t("friendsGoing", { count: Number(friends[1]) });
    const away = /^(\d+(?:\.\d)?) (m|km) away$/.exec(reason);
    if (away) return t("reasonAway", { distance: distanceText(Number(away[1]) / (away[2] === "m" ? 1000 : 1)) });
    return reason;
  };
}
