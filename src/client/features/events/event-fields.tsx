import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { zoneAbbreviation } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { TextField } from "@/ui/form-fields";
import { DateTimeRow } from "@/ui/input";
import { type PickedPlace, PlacePicker } from "./place-picker";

/** The day and time an event or a plan starts at, as its date and time inputs hold them ("2031-05-17", "19:30"). */
export interface WhenValues {
  date: string;
  time: string;
}

/** What the create and edit dialogs share: the name, when, where as typed and where on the map. */
export interface EventBasicsValues extends WhenValues {
  title: string;
  location: string;
  place: PickedPlace | null;
}

/** Whether a field the event schemas require is empty: a refused submit then says "Missing Fields". */
export const missesRequired = (values: EventBasicsValues & { description: string }) =>
  [values.title, values.date, values.time, values.description].some((value) => !value.trim());

/**
 * The date beside the time, each a field of the surrounding form with its error under it. `zone` names the
 * zone the time is read in when it is not the person's own; the time input is described by that note too.
 */
export function WhenFields({
  dateLabel,
  timeLabel,
  minDate,
  zone,
  required,
  requiredMark = false,
  className,
}: {
  dateLabel: string;
  timeLabel: string;
  minDate: string;
  zone?: string | null;
  required?: boolean;
  requiredMark?: boolean;
  className?: string;
}) {
  const { control } = useFormContext<WhenValues>();
  const t = useTexts(CREATE_EVENT_TEXTS);
  const zoneNote = useId();
  return (
    <DateTimeRow className={className}>
      <TextField
        control={control}
        name="date"
        label={dateLabel}
        type="date"
        min={minDate}
        required={required}
        requiredMark={requiredMark}
      />
      <TextField
        control={control}
        name="time"
        label={timeLabel}
        type="time"
        required={required}
        requiredMark={requiredMark}
        aria-describedby={zone ? zoneNote : undefined}
      />
      {zone && (
        <p id={zoneNote} className="col-span-2 text-xs text-muted-foreground" data-testid="event-time-zone">
          {t("timeAtPlace", { zone: zoneAbbreviation(new Date(), zone) })}
        </p>
      )}
    </DateTimeRow>
  );
}

/**
 * Name, date and time, location and the place on the map, as the create and edit dialogs ask for them. A new
 * event marks its required fields and offers placeholders; a picked place names a still empty location.
 */
export function EventBasicsFields({
  minDate,
  zone,
  locationGranted,
  fresh,
}: {
  minDate: string;
  /** The zone the typed time is read in, when it is not the person's own. */
  zone: string | null;
  locationGranted: boolean;
  /** A new event (the create dialog) rather than one being edited. */
  fresh: boolean;
}) {
  const { control, getValues, setValue } = useFormContext<EventBasicsValues>();
  const t = useTexts(CREATE_EVENT_TEXTS);
  const place = useWatch({ control, name: "place" });
  const pickPlace = (picked: PickedPlace | null) => {
    setValue("place", picked);
    // A picked city or address names the event's location when the field is still empty.
    if (fresh && picked?.label && !getValues("location").trim()) setValue("location", picked.label);
  };
  return (
    <>
      <TextField
        control={control}
        name="title"
        label={t("eventName")}
        placeholder={fresh ? t("eventNamePlaceholder") : undefined}
        required
        requiredMark={fresh}
      />
      <WhenFields
        dateLabel={t("date")}
        timeLabel={t("time")}
        minDate={minDate}
        zone={zone}
        required
        requiredMark={fresh}
      />
      <TextField
        control={control}
        name="location"
        label={t("location")}
        placeholder={fresh ? t("locationPlaceholder") : undefined}
      />
      <PlacePicker place={place} onPick={pickPlace} locationGranted={locationGranted} />
    </>
  );
}
