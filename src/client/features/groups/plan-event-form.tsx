import { GROUP_EVENT_TEXTS, GROUP_EVENT_TYPES, type GroupEventType } from "@contract/groups";
import { PLAN_TEXTS } from "@contract/groups-texts";
import { POLL_OPTIONS_MAX } from "@contract/polls";
import { addDays, format } from "date-fns";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useAuth } from "@/features/auth";
import { WhenFields } from "@/features/events";
import { errorMessage } from "@/lib/api";
import { dayKey } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { zonedInputToIso } from "@/lib/zoned-input";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextareaField, TextField } from "@/ui/form-fields";
import { Label } from "@/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";
import { Spinner } from "@/ui/spinner";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useCreateGroupEvent } from "./api";
import { type OptionDraft, optionDraft, PollOptionsFields, SuggestedTimes } from "./plan-options";

interface PlanValues {
  title: string;
  description: string;
  date: string;
  time: string;
  location: string;
  type: GroupEventType;
  /** A poll: several options members vote on, decided at decideBy (or when everyone voted). */
  isPoll: boolean;
  options: OptionDraft[];
  decideBy: { date: string; time: string };
}

const resolver = lazyZodResolver<PlanValues>(() => import("./plan-form-schema").then((m) => m.planFormSchema), {
  raw: true,
});

const dayAhead = (days: number) => format(addDays(new Date(), days), "yyyy-MM-dd");

/** Tomorrow evening: a default that is never already in the past; a poll offers the two evenings after. */
const freshPlan = (): PlanValues => ({
  title: "",
  description: "",
  date: dayAhead(1),
  time: "18:00",
  location: "",
  type: "social",
  isPoll: false,
  options: [
    optionDraft({ date: dayAhead(2), time: "18:00", location: "" }),
    optionDraft({ date: dayAhead(3), time: "18:00", location: "" }),
  ],
  decideBy: { date: dayAhead(1), time: "12:00" },
});

/** A group's plan: one date, or a poll of options the members vote on. */
export function PlanEventForm({ groupId, onCreated }: { groupId: number | null; onCreated: () => void }) {
  const create = useCreateGroupEvent();
  const { user } = useAuth();
  const t = useTexts(PLAN_TEXTS);
  const tg = useTexts(GROUP_EVENT_TEXTS);
  const form = useForm<PlanValues>({ resolver, defaultValues: freshPlan() });
  const { control } = form;
  const [isPoll, options, decideBy] = useWatch({ control, name: ["isPoll", "options", "decideBy"] });
  const today = dayKey(new Date(), user?.timezone);
  const pickSuggested = (pick: { date: string; time: string }) => {
    if (!form.getValues("isPoll")) {
      form.setValue("date", pick.date);
      form.setValue("time", pick.time);
      return;
    }
    // In a poll the pick becomes one more option (up to six), once.
    const list = form.getValues("options");
    if (list.length < POLL_OPTIONS_MAX && !list.some((o) => o.date === pick.date && o.time === pick.time))
      form.setValue("options", [...list, optionDraft({ ...pick, location: "" })]);
  };

  const submit = form.handleSubmit((values) => {
    if (!groupId) {
      toast({ title: tg("noGroup"), description: tg("noGroupDescription"), variant: "destructive" });
      return;
    }
    // The typed wall clock is the user's zone, the one every time is shown in.
    const zoned = (d: string, time: string) => zonedInputToIso(d, time || "00:00", user?.timezone) ?? "";
    const { title, description, type } = values;
    const body = values.isPoll
      ? {
          title: title.trim(),
          description,
          type,
          groupId,
          options: values.options.map((o) => ({ date: zoned(o.date, o.time), location: o.location.trim() })),
          decideBy: zoned(values.decideBy.date, values.decideBy.time),
        }
      : {
          title: title.trim(),
          description,
          date: zoned(values.date, values.time),
          type,
          location: values.location,
          groupId,
        };
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: values.isPoll ? tg("pollCreated") : tg("created"), description: title.trim() });
        form.reset({ ...form.getValues(), title: "", description: "", location: "", type: "social" });
        onCreated();
      },
      onError: (error) =>
        toast({ title: t("error"), description: errorMessage(error) ?? tg("createFailed"), variant: "destructive" }),
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-3 pt-2" noValidate>
        <TextField control={control} name="title" label={t("title")} placeholder={t("titlePlaceholder")} dir="auto" />
        <TextareaField control={control} name="description" label={t("description")} rows={2} dir="auto" />
        <SuggestedTimes groupId={groupId} today={today} onPick={pickSuggested} />
        <div className="flex items-center justify-between gap-3 rounded-lg border p-2.5">
          <Label htmlFor="group-event-poll" className="grid gap-0.5">
            <span>{t("letVote")}</span>
            <span className="text-xs font-normal text-muted-foreground">{t("letVoteHint")}</span>
          </Label>
          <Controller
            control={control}
            name="isPoll"
            render={({ field }) => (
              <Switch id="group-event-poll" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
        </div>
        {isPoll ? (
          <PollOptionsFields
            options={options}
            onChange={(next) => form.setValue("options", next)}
            minDate={today}
            decideBy={decideBy}
            onDecideByChange={(next) => form.setValue("decideBy", next)}
          />
        ) : (
          <>
            <WhenFields dateLabel={t("date")} timeLabel={t("time")} minDate={today} className="gap-2" />
            <TextField control={control} name="location" label={t("location")} dir="auto" />
          </>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="group-event-type">{t("type")}</Label>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => field.onChange(GROUP_EVENT_TYPES.find((kind) => kind === value) ?? "social")}
              >
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
            )}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          {t("create")}
        </Button>
      </form>
    </Form>
  );
}
