import type { EventDetail } from "@contract/events";
import type { GuestListVisibility } from "@contract/hosting";
import { HOST_TOOLS_TEXTS } from "@contract/hosting-texts";
import { Controller, useForm } from "react-hook-form";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { Label } from "@/ui/label";
import { toast } from "@/ui/use-toast";
import { useGuestOptions } from "./api";
import type { GuestOptionsValues } from "./guest-options-schema";
import { PlusOnesField, QuestionsField } from "./questions-field";

const resolver = lazyZodResolver<GuestOptionsValues>(() =>
  import("./guest-options-schema").then((m) => m.guestOptionsFormSchema),
);

const GUEST_LIST_LABELS: Record<GuestListVisibility, keyof typeof HOST_TOOLS_TEXTS> = {
  everyone: "guestListEveryone",
  attendees: "guestListAttendees",
  hosts: "guestListHosts",
};
// As wide as its column, never its longest option: a longer language would push the page sideways.
const selectClass = "h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm";

/**
 * What the hosts ask the people who go or apply, how many plus-ones each may bring, who sees who goes and
 * how a freed seat is given; a series' date can carry them to its following dates, as the edit form does.
 */
export function GuestOptions({ event }: { event: EventDetail }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const save = useGuestOptions(event.id);
  const form = useForm<GuestOptionsValues>({
    resolver,
    defaultValues: {
      questions: event.questions,
      maxGuestsPerPerson: event.maxGuestsPerPerson,
      guestList: event.guestList,
      waitlistMode: event.waitlistMode,
      following: event.seriesId != null,
    },
  });
  const { control } = form;
  // The values come parsed by the schema: the questions trimmed, each one added here without an id.
  const submit = form.handleSubmit((body) =>
    // The saved questions come back with their ids and remount this form: the promise still says how it went.
    save.mutateAsync(body).then(
      () =>
        toast({
          title: t("guestOptionsSaved"),
          description: body.following ? t("titleAndFollowing", { title: event.title }) : event.title,
        }),
      (error: unknown) =>
        toast({ title: t("error"), description: errorMessage(error) ?? t("failedSave"), variant: "destructive" }),
    ),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-3" aria-labelledby="guest-options-h">
        <p id="guest-options-h" className="text-sm font-medium">
          {t("guestOptions")}
        </p>
        <QuestionsField name="questions" />
        <div className="grid grid-cols-2 gap-3">
          <div className="grid min-w-0 content-end gap-2">
            <Label htmlFor="max-guests">{t("plusOnesPerPerson")}</Label>
            <Controller
              control={control}
              name="maxGuestsPerPerson"
              render={({ field }) => <PlusOnesField id="max-guests" value={field.value} onChange={field.onChange} />}
            />
          </div>
          <div className="grid min-w-0 content-end gap-2">
            <Label htmlFor="guest-list">{t("whoSeesGoing")}</Label>
            <select id="guest-list" className={selectClass} {...form.register("guestList")}>
              {(Object.keys(GUEST_LIST_LABELS) as GuestListVisibility[]).map((v) => (
                <option key={v} value={v}>
                  {t(GUEST_LIST_LABELS[v])}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Controller
          control={control}
          name="waitlistMode"
          render={({ field }) => (
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                name={field.name}
                ref={field.ref}
                checked={field.value === "confirm"}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(e.target.checked ? "confirm" : "instant")}
              />
              {t("confirmSeats")}
            </label>
          )}
        />
        {event.seriesId != null && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register("following")} />
            {t("alsoFollowing")}
          </label>
        )}
        <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
          {t("saveGuestOptions")}
        </Button>
      </form>
    </Form>
  );
}
