import type { VoteCounts, VoteValue } from "@contract/groups";
import { PLAN_TEXTS } from "@contract/groups-texts";
import { type GroupPlan, POLL_TEXTS, planCardReferenceSchema, type Voter } from "@contract/polls";
import { CalendarDays, Check, MapPin, Vote } from "lucide-react";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { formatEventDateTime } from "@/lib/format-date";
import { useLanguage, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { useGroupPlan, useGroups, useLockPlan, usePlanVote } from "./api";

/** The plan a chat message carries as its card, if it is one (the server writes these; nobody can send one). */
export function planCardOf(message: { messageType: string; referenceData: unknown }): number | null {
  if (message.messageType !== "event") return null;
  const parsed = planCardReferenceSchema.safeParse(message.referenceData);
  return parsed.success ? parsed.data.eventId : null;
}

const CHOICES: { vote: VoteValue; voters: "votersYes" | "votersMaybe" | "votersNo" }[] = [
  { vote: "yes", voters: "votersYes" },
  { vote: "maybe", voters: "votersMaybe" },
  { vote: "no", voters: "votersNo" },
];

/** "Yes: Ana, Ben · Maybe: Cy": who voted what, in the order of the buttons, names listed the language's way. */
function VotersLine({ voters, testId }: { voters: Voter[]; testId: string }) {
  const t = useTexts(PLAN_TEXTS);
  const { locale } = useLanguage();
  const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });
  const line = CHOICES.map(({ vote, voters: key }) => {
    const names = voters.filter((v) => v.vote === vote).map((v) => v.fullName);
    return names.length ? t(key, { names: list.format(names) }) : null;
  })
    .filter(Boolean)
    .join(" · ");
  return (
    <p className="text-xs text-muted-foreground" data-testid={testId}>
      {line}
    </p>
  );
}

function VoteButtons({
  counts,
  mine,
  disabled,
  describedBy,
  onVote,
}: {
  counts: VoteCounts;
  mine: VoteValue | null;
  disabled: boolean;
  describedBy: string;
  onVote: (vote: VoteValue) => void;
}) {
  const t = useTexts(PLAN_TEXTS);
  return (
    <div className="grid grid-cols-3 gap-1.5">
      {CHOICES.map(({ vote }) => (
        <Button
          key={vote}
          type="button"
          size="sm"
          variant={mine === vote ? "default" : "outline"}
          aria-pressed={mine === vote}
          aria-describedby={describedBy}
          disabled={disabled}
          onClick={() => onVote(vote)}
          className="h-8 px-2"
        >
          {t(vote)} <span className="tabular-nums opacity-80">{counts[vote]}</span>
        </Button>
      ))}
    </div>
  );
}

/**
 * A group plan posted into the chat: members vote on it (or on each of a poll's options) in place and see
 * who voted; a poll shows when it decides, then which option won. Admins can decide a poll early.
 */
export function PlanCard({ groupId, eventId }: { groupId: number; eventId: number }) {
  const { user } = useAuth();
  const plan = useGroupPlan(groupId, eventId);
  const vote = usePlanVote();
  const lock = useLockPlan();
  const { data: groups } = useGroups();
  const admin = groups?.find((g) => g.id === groupId)?.role === "admin";
  const zone = user?.timezone;
  const t = useTexts(PLAN_TEXTS);
  const tp = useTexts(POLL_TEXTS);

  if (plan.isLoading) return <Skeleton className="h-32 w-full max-w-[90%] rounded-xl" />;
  if (!plan.data) {
    return <p className="text-xs text-muted-foreground italic">{t("gone")}</p>;
  }
  const p: GroupPlan = plan.data;
  const onError = (error: unknown) =>
    toast({ title: t("error"), description: errorMessage(error) ?? t("voteNotSaved"), variant: "destructive" });
  const cast = (value: VoteValue, optionId?: number) =>
    vote.mutate({ groupId, eventId, optionId, vote: value }, { onError });
  const poll = p.options.length > 0;
  const titleId = `plan-${eventId}-title`;

  return (
    <article
      className="w-full max-w-[90%] rounded-xl border bg-card p-3 text-card-foreground shadow-xs"
      aria-labelledby={titleId}
      data-testid="plan-card"
    >
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Vote className="size-3.5" aria-hidden />
        {poll ? t("startedPoll", { name: p.hostName }) : t("planned", { name: p.hostName })}
      </p>
      <h3 id={titleId} className="mt-0.5 font-semibold wrap-anywhere" dir="auto">
        {p.title}
      </h3>
      {!poll && (
        <div className="mt-2 grid gap-2">
          <p className="flex items-center gap-1.5 text-sm">
            <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {formatEventDateTime(p.date, zone)}
          </p>
          {p.location && (
            <p className="flex items-center gap-1.5 text-sm wrap-anywhere" dir="auto">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {p.location}
            </p>
          )}
          <VoteButtons
            counts={p.votes}
            mine={p.myVote}
            disabled={vote.isPending}
            describedBy={titleId}
            onVote={(v) => cast(v)}
          />
          {p.voters.length > 0 && <VotersLine voters={p.voters} testId="plan-voters" />}
        </div>
      )}
      {poll && (
        <>
          <p className="mt-1 text-xs text-muted-foreground" data-testid="poll-status">
            {p.decided
              ? p.location
                ? t("decidedAt", { when: formatEventDateTime(p.date, zone), place: p.location })
                : t("decided", { when: formatEventDateTime(p.date, zone) })
              : p.decideBy
                ? tp("decidesWhen", { deadline: formatEventDateTime(p.decideBy, zone) })
                : tp("decidesAtDeadline")}
          </p>
          <ul className="mt-2 grid gap-2">
            {p.options.map((o) => {
              const optionId = `plan-${eventId}-option-${o.id}`;
              const won = p.winnerOptionId === o.id;
              return (
                <li
                  key={o.id}
                  className={cn("grid gap-1.5 rounded-lg border p-2", won && "border-primary bg-primary/5")}
                  data-testid="poll-option"
                >
                  <p id={optionId} className="flex flex-wrap items-center gap-x-2 text-sm">
                    <span className="font-medium">{formatEventDateTime(o.date, zone)}</span>
                    {o.location && (
                      <span className="text-muted-foreground wrap-anywhere" dir="auto">
                        {o.location}
                      </span>
                    )}
                    {won && (
                      <span className="ms-auto flex items-center gap-1 text-xs font-semibold text-primary">
                        <Check className="size-3.5" aria-hidden /> {t("chosen")}
                      </span>
                    )}
                  </p>
                  <VoteButtons
                    counts={o.votes}
                    mine={o.myVote}
                    disabled={p.decided || vote.isPending}
                    describedBy={optionId}
                    onVote={(v) => cast(v, o.id)}
                  />
                  {o.voters.length > 0 && <VotersLine voters={o.voters} testId="option-voters" />}
                </li>
              );
            })}
          </ul>
          {admin && !p.decided && (
            <Button
              size="sm"
              variant="secondary"
              className="mt-2 w-full"
              disabled={lock.isPending}
              onClick={() => lock.mutate({ groupId, eventId }, { onError })}
            >
              {tp("lock")}
            </Button>
          )}
        </>
      )}
    </article>
  );
}
