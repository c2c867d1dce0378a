import { GROUP_AVAILABILITY_TEXTS } from "@contract/groups";
import { TIME_SLOT_TEXTS, TIME_SLOTS, type TimeSlotId, timeSlotLabel } from "@contract/time-slots";
import { format } from "date-fns";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/api";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Checkbox } from "@/ui/checkbox";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { useGroupAvailability, useSaveGroupAvailability } from "./api";

type Slot = TimeSlotId;

/** A group's availability: the members' own published times (My Availability's slots), best first. */
export function GroupAvailabilityPanel({ groupId }: { groupId: number }) {
  const [date, setDate] = useState(format(new Date(), "yyyy-MM-dd"));
  const [slots, setSlots] = useState<Slot[]>([]);
  const [error, setError] = useState<"dateRequired" | "slotRequired" | null>(null);
  const { data, isLoading } = useGroupAvailability(groupId, date);
  const save = useSaveGroupAvailability(groupId);
  const t = useTexts(GROUP_AVAILABILITY_TEXTS);
  const { locale } = useLanguage();
  const list = new Intl.ListFormat(locale, { type: "unit", style: "short" });

  // The saved answer for the chosen date fills the checkboxes.
  useEffect(() => {
    if (data) setSlots(data.mine);
  }, [data]);

  const toggle = (slot: Slot, on: boolean) => {
    setSlots((s) => (on ? [...new Set([...s, slot])] : s.filter((x) => x !== slot)));
    // A message about a missing slot goes once one is picked, not only on the next save.
    if (on && error === "slotRequired") setError(null);
  };
  const changeDate = (value: string) => {
    setDate(value);
    if (value && error === "dateRequired") setError(null);
  };

  const submit = () => {
    if (!date) return setError("dateRequired");
    if (slots.length === 0) return setError("slotRequired");
    setError(null);
    save.mutate(
      { date, timeslots: slots },
      {
        onSuccess: () => toast({ title: t("saved") }),
        onError: (e) =>
          toast({
            title: t("error"),
            description: errorMessage(e) ?? t("saveFailed"),
            variant: "destructive",
          }),
      },
    );
  };

  const best = data?.best ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 rounded-xl border p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="group-availability-date">{t("date")}</Label>
          <Input id="group-availability-date" type="date" value={date} onChange={(e) => changeDate(e.target.value)} />
        </div>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-2 text-sm font-medium">{t("whenFree")}</legend>
          <p className="col-span-2 -mt-1 text-xs text-muted-foreground">{t("savedEverywhere")}</p>
          {TIME_SLOTS.map((s) => (
            <Label
              key={s.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border p-2.5 font-normal has-[[data-state=checked]]:border-primary"
            >
              <Checkbox checked={slots.includes(s.id)} onCheckedChange={(v) => toggle(s.id, v === true)} />
              <span className="grid">
                <span className="text-sm font-medium">{text(TIME_SLOT_TEXTS, s.label)}</span>
                <span className="text-xs text-muted-foreground">{text(TIME_SLOT_TEXTS, s.range)}</span>
              </span>
            </Label>
          ))}
        </fieldset>
        {error && (
          <p className="text-sm text-destructive" role="alert">
            {text(GROUP_AVAILABILITY_TEXTS, error)}
          </p>
        )}
        <Button onClick={submit} disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t("save")}
        </Button>
      </div>

      <section className="grid gap-3 rounded-xl border p-4" aria-label={t("overlap")}>
        <div className="flex items-baseline justify-between">
          <h3 className="font-semibold">{t("whosFree")}</h3>
          {data && <span className="text-xs text-muted-foreground">{t("members", { count: data.memberCount })}</span>}
        </div>
        {isLoading && <Spinner className="mx-auto" />}
        {data && (
          <>
            <p className="text-sm" data-testid="best-slots">
              {best.length === 0
                ? t("nobody")
                : t("best", {
                    slots: list.format(best.map((slot) => text(TIME_SLOT_TEXTS, timeSlotLabel(slot)))),
                    count: data.slots[0]?.count ?? 0,
                    total: data.memberCount,
                  })}
            </p>
            <ul className="grid gap-2">
              {data.slots.map((s) => {
                const meta = TIME_SLOTS.find((x) => x.id === s.slot);
                const share = data.memberCount ? (s.count / data.memberCount) * 100 : 0;
                return (
                  <li key={s.slot} className="grid gap-1" data-testid={`overlap-${s.slot}`}>
                    <div className="flex justify-between text-sm">
                      <span className={cn(best.includes(s.slot) && "font-semibold")}>
                        {meta ? text(TIME_SLOT_TEXTS, meta.label) : null}{" "}
                        <span className="text-xs text-muted-foreground">
                          {meta ? text(TIME_SLOT_TEXTS, meta.range) : null}
                        </span>
                      </span>
                      <span className="tabular-nums text-muted-foreground">
                        {s.count}/{data.memberCount}
                      </span>
                    </div>
                    <div className="h-2 overflow-hidden rounded-full bg-muted">
                      <div
                        className={cn("h-full rounded-full", best.includes(s.slot) ? "bg-primary" : "bg-primary/40")}
                        style={{ width: `${share}%` }}
                      />
                    </div>
                    {s.users.length > 0 && (
                      <p className="truncate text-xs text-muted-foreground" dir="auto">
                        {list.format(s.users.map((u) => u.fullName))}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
