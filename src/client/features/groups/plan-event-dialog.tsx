import {
  GROUP_EVENT_TEXTS,
  GROUP_EVENT_TYPES,
  type GroupEvent,
  type GroupEventType,
  VOTE_VALUES,
  type VoteValue,
} from "@contract/groups";
import { PLAN_TEXTS } from "@contract/groups-texts";
import { POLL_OPTIONS_MAX } from "@contract/polls";
import { addDays, format } from "date-fns";
import { type FormEvent, useState } from "react";
import { useAuth } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { dayKey, formatEventTime } from "@/lib/format-date";
import { localize, useTexts } from "@/lib/i18n";
import { useRealtime } from "@/lib/realtime/provider";
import { cn } from "@/lib/utils";
import { zonedInputToIso } from "@/lib/zoned-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { DateTimeRow, Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";
import { Spinner } from "@/ui/spinner";
import { Switch } from "@/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useCreateGroupEvent, useGroupEvents, useVote } from "./api";
import { PlanCard } from "./plan-card";
import { type OptionDraft, optionDraft, PollOptionsFields, SuggestedTimes } from "./plan-options";

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
            <CreateGroupEventForm groupId={groupId} onCreated={() => setTab("vote")} />
          </TabsContent>
          <TabsContent value="vote">
            <VoteList groupId={groupId} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function CreateGroupEventForm({ groupId, onCreated }: { groupId: number | null; onCreated: () => void }) {
  const create = useCreateGroupEvent();
  const { user } = useAuth();
  const t = useTexts(PLAN_TEXTS);
  const tg = useTexts(GROUP_EVENT_TEXTS);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  // Tomorrow evening: a default that is never already in the past.
  const [date, setDate] = useState(() => format(addDays(new Date(), 1), "yyyy-MM-dd"));
  const [time, setTime] = useState("18:00");
  const [location, setLocation] = useState("");
  const [type, setType] = useState<GroupEventType>("social");
  const [titleError, setTitleError] = useState<string | null>(null);
  // A poll: several options members vote on, decided at decideBy (or when everyone voted).
  const [isPoll, setIsPoll] = useState(false);
  const [options, setOptions] = useState<OptionDraft[]>(() => [
    optionDraft({ date: format(addDays(new Date(), 2), "yyyy-MM-dd"), time: "18:00", location: "" }),
    optionDraft({ date: format(addDays(new Date(), 3), "yyyy-MM-dd"), time: "18:00", location: "" }),
  ]);
  const [decideBy, setDecideBy] = useState(() => ({
    date: format(addDays(new Date(), 1), "yyyy-MM-dd"),
    time: "12:00",
  }));
  const today = dayKey(new Date(), user?.timezone);
  const pickSuggested = (pick: { date: string; time: string }) => {
    if (!isPoll) {
      setDate(pick.date);
      setTime(pick.time);
      return;
    }
    // In a poll the pick becomes one more option (up to six), once.
    setOptions((list) =>
      list.some((o) => o.date === pick.date && o.time === pick.time)
        ? list
        : list.length < POLL_OPTIONS_MAX
          ? [...list, optionDraft({ ...pick, location: "" })]
          : list,
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!groupId) {
      toast({
        title: tg("noGroup"),
        description: tg("noGroupDescription"),
        variant: "destructive",
      });
      return;
    }
    if (!title.trim()) {
      setTitleError(GROUP_EVENT_TEXTS.titleRequired);
      return;
    }
    setTitleError(null);
    // The typed wall clock is the user's zone, the one every time is shown in.
    const when = zonedInputToIso(date, time || "00:00", user?.timezone) ?? "";
    const zoned = (d: string, t: string) => zonedInputToIso(d, t || "00:00", user?.timezone) ?? "";
    const body = isPoll
      ? {
          title: title.trim(),
          description,
          type,
          groupId,
          options: options.map((o) => ({ date: zoned(o.date, o.time), location: o.location.trim() })),
          decideBy: zoned(decideBy.date, decideBy.time),
        }
      : { title: title.trim(), description, date: when, type, location, groupId };
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: isPoll ? tg("pollCreated") : tg("created"), description: title.trim() });
        setTitle("");
        setDescription("");
        setLocation("");
        setType("social");
        onCreated();
      },
      onError: (error) =>
        toast({
          title: t("error"),
          description: errorMessage(error) ?? tg("createFailed"),
          variant: "destructive",
        }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 pt-2" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="group-event-title">{t("title")}</Label>
        <Input
          id="group-event-title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          placeholder={t("titlePlaceholder")}
          aria-invalid={Boolean(titleError)}
          dir="auto"
        />
        {titleError && <p className="text-sm text-destructive">{localize(titleError)}</p>}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="group-event-description">{t("description")}</Label>
        <Textarea
          id="group-event-description"
          rows={2}
          dir="auto"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      <SuggestedTimes groupId={groupId} today={today} onPick={pickSuggested} />
      <div className="flex items-center justify-between gap-3 rounded-lg border p-2.5">
        <Label htmlFor="group-event-poll" className="grid gap-0.5">
          <span>{t("letVote")}</span>
          <span className="text-xs font-normal text-muted-foreground">{t("letVoteHint")}</span>
        </Label>
        <Switch id="group-event-poll" checked={isPoll} onCheckedChange={setIsPoll} />
      </div>
      {isPoll ? (
        <PollOptionsFields
          options={options}
          onChange={setOptions}
          minDate={today}
          decideBy={decideBy}
          onDecideByChange={setDecideBy}
        />
      ) : (
        <>
          <DateTimeRow className="gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor="group-event-date">{t("date")}</Label>
              <Input
                id="group-event-date"
                type="date"
                min={dayKey(new Date(), user?.timezone)}
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="group-event-time">{t("time")}</Label>
              <Input id="group-event-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            </div>
          </DateTimeRow>
          <div className="grid gap-1.5">
            <Label htmlFor="group-event-location">{t("location")}</Label>
            <Input
              id="group-event-location"
              dir="auto"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          </div>
        </>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="group-event-type">{t("type")}</Label>
        <Select value={type} onValueChange={(value) => setType(GROUP_EVENT_TYPES.find((t) => t === value) ?? "social")}>
          <SelectTrigger id="group-event-type" aria-label={t("eventType")}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {GROUP_EVENT_TYPES.map((kind) => (
              <SelectItem key={kind} value={kind}>
                {t(kind)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        {t("create")}
      </Button>
    </form>
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
