import {
  GROUP_EVENT_TEXTS,
  GROUP_EVENT_TYPES,
  type GroupEvent,
  type GroupEventType,
  VOTE_VALUES,
  type VoteValue,
} from "@contract/groups";
import { PLAN_TEXTS } from "@contract/groups-texts";
import { useState } from "react";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { formatEventTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { useRealtime } from "@/lib/realtime/provider";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Spinner } from "@/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { toast } from "@/ui/use-toast";
import { useGroupEvents, useVote } from "./api";
import { PlanCard } from "./plan-card";
import { PlanEventForm } from "./plan-event-form";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A plan's kind as the reader's language names it; a kind this client does not know yet, as stored. */
const typeLabel = (t: (key: keyof typeof PLAN_TEXTS) => string, type: string) =>
  (GROUP_EVENT_TYPES as readonly string[]).includes(type) ? t(type as GroupEventType) : capitalise(type);

/** Plan Group Event: Create New Event or Vote on Events (counts update live). */
export function PlanEventDialog({
  groupId,
  groupName,
  open,
  onOpenChange,
}: {
  groupId: number | null;
  groupName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [tab, setTab] = useState("create");
  const t = useTexts(PLAN_TEXTS);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("dialogTitle")}</DialogTitle>
          <DialogDescription>{groupName ? t("forGroup", { name: groupName }) : t("pickGroup")}</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="create">{t("createTab")}</TabsTrigger>
            <TabsTrigger value="vote">{t("voteTab")}</TabsTrigger>
          </TabsList>
          <TabsContent value="create">
            <PlanEventForm groupId={groupId} onCreated={() => setTab("vote")} />
          </TabsContent>
          <TabsContent value="vote">
            <VoteList groupId={groupId} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function VoteList({ groupId }: { groupId: number | null }) {
  const { data: events, isLoading } = useGroupEvents(groupId);
  const t = useTexts(PLAN_TEXTS);
  const tg = useTexts(GROUP_EVENT_TEXTS);
  if (!groupId) return <p className="py-6 text-center text-sm text-muted-foreground">{tg("noGroupDescription")}</p>;
  if (isLoading) return <Spinner className="mx-auto my-6" />;
  if (!events?.length) return <p className="py-6 text-center text-sm text-muted-foreground">{t("noEvents")}</p>;
  return (
    <ul className="grid gap-3 pt-2">
      {events.map((event) =>
        // A poll is voted on option by option: its card, as in the chat.
        event.isPoll ? (
          <li key={event.id}>
            <PlanCard groupId={event.groupId} eventId={event.id} />
          </li>
        ) : (
          <VoteRow key={event.id} event={event} />
        ),
      )}
    </ul>
  );
}

function VoteRow({ event }: { event: GroupEvent }) {
  const socket = useRealtime();
  const vote = useVote();
  const { user } = useAuth();
  const t = useTexts(PLAN_TEXTS);
  const cast = (value: VoteValue) => {
    // Votes travel over the socket; REST when it is down.
    if (socket.send({ type: "event_vote", groupId: event.groupId, eventId: event.id, vote: value })) return;
    vote.mutate(
      { groupId: event.groupId, eventId: event.id, vote: value },
      {
        onError: (error) =>
          toast({ title: t("error"), description: errorMessage(error) ?? t("voteFailed"), variant: "destructive" }),
      },
    );
  };
  return (
    <li className="rounded-lg border p-3" data-testid={`group-event-${event.id}`}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-medium" dir="auto">
          {event.title}
        </p>
        <span className="text-xs text-muted-foreground">{typeLabel(t, event.type)}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {formatEventTime(event.date, event.timezone, user?.timezone)}
        {event.location ? (
          <>
            {" · "}
            <span dir="auto">{event.location}</span>
          </>
        ) : null}
      </p>
      <fieldset className="mt-2 grid grid-cols-3 gap-2">
        <legend className="sr-only">{t("yourVote")}</legend>
        {VOTE_VALUES.map((value) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={event.myVote === value ? "default" : "outline"}
            className={cn("justify-between")}
            onClick={() => cast(value)}
            aria-pressed={event.myVote === value}
            data-testid={`vote-${value}`}
          >
            {t(value)}
            <span className="tabular-nums" data-testid={`count-${value}`}>
              {event.votes[value]}
            </span>
          </Button>
        ))}
      </fieldset>
    </li>
  );
}
