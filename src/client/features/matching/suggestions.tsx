import type { Match } from "@contract/matching";
import { type MatchReasonKind, PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import {
  BriefcaseIcon,
  CalendarCheckIcon,
  HandshakeIcon,
  HeartIcon,
  type LucideIcon,
  SearchIcon,
  SparklesIcon,
  UsersIcon,
  WrenchIcon,
} from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Avatar, AvatarFallback, AvatarImage } from "@/ui/avatar";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { useAskToMeet, useMatches } from "./api";
import { SlotDialog } from "./slot-dialog";

const REASON_ICONS: Record<MatchReasonKind, LucideIcon> = {
  offerSeek: SparklesIcon,
  seekOffer: SearchIcon,
  interests: HeartIcon,
  skills: WrenchIcon,
  friends: UsersIcon,
  bio: BriefcaseIcon,
  free: CalendarCheckIcon,
};
const REQUEST_LABELS = { sent: "asked", received: "theyAsked", mutual: "meeting" } as const;

/** The people the viewer would most like to meet here, best first, each with why and a way to ask. */
export function Suggestions({ eventId, timezone }: { eventId: number; timezone: string }) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const matches = useMatches(eventId, true);
  const [asking, setAsking] = useState<Match["user"] | null>(null);
  const ask = useAskToMeet(eventId);
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{t("suggestions")}</h3>
      {matches.isPending ? (
        <div className="grid gap-2" aria-busy>
          <p className="sr-only">{t("loadingSuggestions")}</p>
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : matches.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm">
          <p className="text-destructive">{errorMessage(matches.error) ?? t("loadFailed")}</p>
          <Button size="sm" variant="outline" onClick={() => void matches.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : matches.data.matches.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("noSuggestions")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="suggestions">
          {matches.data.matches.map((match) => (
            <li key={match.user.id} className="grid gap-2 rounded-xl border border-border p-3" data-testid="suggestion">
              <div className="flex items-center gap-3">
                <Avatar>
                  {match.user.profileImage && <AvatarImage src={match.user.profileImage} alt="" />}
                  <AvatarFallback>{initialOf(match.user.fullName)}</AvatarFallback>
                </Avatar>
                <div className="min-w-0 flex-1">
                  <Link href={`/users/${match.user.id}`} className="block truncate text-sm font-medium hover:underline">
                    <span dir="auto">{match.user.fullName}</span>
                  </Link>
                  {match.user.profession && (
                    <p className="truncate text-xs text-muted-foreground" dir="auto">
                      {match.user.profession}
                    </p>
                  )}
                </div>
                <Badge variant="secondary">{t("score", { score: match.score })}</Badge>
              </div>
              {match.reasons.length > 0 && (
                <ul className="grid gap-1 text-xs text-muted-foreground">
                  {match.reasons.map((reason) => {
                    const Icon = REASON_ICONS[reason.kind];
                    return (
                      <li key={reason.kind} className="flex items-start gap-1.5">
                        <Icon className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden />
                        <span className="min-w-0 wrap-anywhere">{reason.text}</span>
                      </li>
                    );
                  })}
                </ul>
              )}
              {match.request === "none" ? (
                <Button
                  size="sm"
                  className="justify-self-start"
                  aria-label={t("askToMeetNamed", { name: match.user.fullName })}
                  onClick={() => setAsking(match.user)}
                >
                  <HandshakeIcon aria-hidden />
                  {t("askToMeet")}
                </Button>
              ) : (
                <Badge variant="outline" className="justify-self-start">
                  {t(REQUEST_LABELS[match.request])}
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <SlotDialog
          eventId={eventId}
          timezone={timezone}
          person={asking}
          withNote
          open
          onOpenChange={(open) => !open && setAsking(null)}
          onPick={async (startsAt, note) => {
            await ask.mutateAsync({ withUserId: asking.id, startsAt, ...(note ? { note } : {}) });
            toast({ title: t("sent") });
          }}
        />
      )}
    </div>
  );
}
