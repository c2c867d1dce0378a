import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import type { EventDetail } from "@contract/events";
import { coordinateText, eventCoordinates } from "@contract/places-texts";
import { Controller, useForm, useWatch } from "react-hook-form";
import { MatchmakingSettings, type MatchmakingValue, matchmakingValue } from "@/features/matching";
import { errorMessage } from "@/lib/api";
import { dayKey } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { isoToZonedInput, zonedInputToIso } from "@/lib/zoned-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField, TextField } from "@/ui/form-fields";
import { toast } from "@/ui/use-toast";
import { useUpdateEvent } from "./api";
import { CoverPicker } from "./cover-picker";
import { EventBasicsFields, type EventBasicsValues, missesRequired } from "./event-fields";
import { approximateArea } from "./place-picker";

interface EditEventValues extends EventBasicsValues {
  description: string;
  imageUrl: string | null;
  /** "" is unlimited. */
  maxAttendees: string;
  matching: MatchmakingValue;
  /** A series' date: carry the changes to the dates after it too. */
  following: boolean;
}

const resolver = lazyZodResolver<EditEventValues>(
  () => import("./event-form-schemas").then((m) => m.editEventFormSchema),
  { raw: true },
);

/** The form as the event is now: its date and time on the wall clock of the event's own zone, as the page shows it. */
function savedValues(event: EventDetail): EditEventValues {
  const saved = eventCoordinates(event);
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    place: saved && { ...saved, label: event.location, source: "saved" },
    ...isoToZonedInput(event.date, event.timezone),
    imageUrl: event.imageUrl,
    maxAttendees: event.maxAttendees == null ? "" : String(event.maxAttendees),
    matching: matchmakingValue(event),
    following: false,
  };
}

/** The host's form for an event already made (a series' date can carry its changes to the following dates). */
export function EditEventDialog({
  event,
  open,
  onOpenChange,
}: {
  event: EventDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTexts(CREATE_EVENT_TEXTS);
  const update = useUpdateEvent(event.id);
  const form = useForm<EditEventValues>({ resolver, defaultValues: savedValues(event) });
  const { control } = form;
  const { defaultValues: initial = {} } = form.formState;
  const place = useWatch({ control, name: "place" });
  // A newly picked place's zone, when it has one, is the one the typed time is read in.
  const zone = place?.timezone ?? event.timezone;
  // Today is the earliest choice, except that an event already past may keep its own day.
  const today = dayKey(new Date(), event.timezone);
  const minDate = initial.date && initial.date < today ? initial.date : today;

  const submit = form.handleSubmit(
    (values) => {
      const saved = eventCoordinates(event);
      const cap = values.maxAttendees.trim() === "" ? null : Number.parseInt(values.maxAttendees, 10);
      // Only a moved date is sent: an event already under way keeps its date while other fields change.
      const moved = values.date !== initial.date || values.time !== initial.time;
      update.mutate(
        {
          title: values.title.trim(),
          description: values.description.trim(),
          location: values.location.trim(),
          // A moved or removed place is sent; "" clears it.
          ...(values.place?.latitude !== saved?.latitude || values.place?.longitude !== saved?.longitude
            ? {
                latitude: values.place ? coordinateText(values.place.latitude) : "",
                longitude: values.place ? coordinateText(values.place.longitude) : "",
                placeArea: approximateArea(values.place, values.location),
              }
            : {}),
          maxAttendees: cap,
          ...(values.imageUrl !== event.imageUrl ? { imageUrl: values.imageUrl } : {}),
          ...(JSON.stringify(values.matching) !== JSON.stringify(initial.matching) ? values.matching : {}),
          ...(moved || zone !== event.timezone ? { date: zonedInputToIso(values.date, values.time, zone) ?? "" } : {}),
          following: values.following,
        },
        {
          onSuccess: () => {
            toast({
              title: text(CREATE_EVENT_TEXTS, "updated"),
              description: text(CREATE_EVENT_TEXTS, "attendeesNotified"),
            });
            onOpenChange(false);
          },
          onError: (error) =>
            toast({
              title: text(CREATE_EVENT_TEXTS, "error"),
              description: errorMessage(error) ?? text(CREATE_EVENT_TEXTS, "updateFailed"),
              variant: "destructive",
            }),
        },
      );
    },
    () =>
      missesRequired(form.getValues()) &&
      toast({ title: t("missingFields"), description: t("missingFieldsDetail"), variant: "destructive" }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("editTitle")}</DialogTitle>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-3">
            <EventBasicsFields minDate={minDate} zone={null} locationGranted={false} fresh={false} />
            <TextareaField control={control} name="description" label={t("descriptionLabel")} rows={3} required />
            <Controller
              control={control}
              name="imageUrl"
              render={({ field }) => <CoverPicker value={field.value} onChange={field.onChange} event={event} />}
            />
            <TextField control={control} name="maxAttendees" label={t("maxBlank")} type="number" min={1} />
            <Controller
              control={control}
              name="matching"
              render={({ field }) => <MatchmakingSettings value={field.value} onChange={field.onChange} />}
            />
            {event.seriesId != null && (
              <Controller
                control={control}
                name="following"
                render={({ field }) => (
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                    {t("following")}
                  </label>
                )}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? t("saving") : t("save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
