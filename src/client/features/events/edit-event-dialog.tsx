import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import type { EventDetail } from "@contract/events";
import { coordinateText, eventCoordinates } from "@contract/places-texts";
import { type FormEvent, useState } from "react";
import { MatchmakingSettings, matchmakingValue } from "@/features/matching";
import { errorMessage } from "@/lib/api";
import { dayKey } from "@/lib/format-date";
import { text, useTexts } from "@/lib/i18n";
import { isoToZonedInput, zonedInputToIso } from "@/lib/zoned-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { DateTimeRow, Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useUpdateEvent } from "./api";
import { CoverPicker } from "./cover-picker";
import { approximateArea, type PickedPlace, PlacePicker } from "./place-picker";

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
  const [title, setTitle] = useState(event.title);
  const [description, setDescription] = useState(event.description);
  const [location, setLocation] = useState(event.location);
  const saved = eventCoordinates(event);
  const [place, setPlace] = useState<PickedPlace | null>(saved && { ...saved, label: event.location, source: "saved" });
  const [max, setMax] = useState(event.maxAttendees == null ? "" : String(event.maxAttendees));
  const [imageUrl, setImageUrl] = useState(event.imageUrl);
  const [following, setFollowing] = useState(false);
  const initialMatching = matchmakingValue(event);
  const [matching, setMatching] = useState(initialMatching);
  // The wall clock of the event's own zone, as the page shows it (a newly picked place's zone when it has one).
  const zone = place?.timezone ?? event.timezone;
  const { date: initialDate, time: initialTime } = isoToZonedInput(event.date, event.timezone);
  const [date, setDate] = useState(initialDate);
  const [time, setTime] = useState(initialTime);
  // Today is the earliest choice, except that an event already past may keep its own day.
  const today = dayKey(new Date(), event.timezone);
  const minDate = initialDate < today ? initialDate : today;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !description.trim() || !date || !time) {
      toast({ title: t("missingFields"), description: t("missingFieldsDetail"), variant: "destructive" });
      return;
    }
    const cap = max.trim() === "" ? null : Number.parseInt(max, 10);
    // Only a moved date is sent: an event already under way keeps its date while other fields change.
    const moved = date !== initialDate || time !== initialTime;
    update.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        location: location.trim(),
        // A moved or removed place is sent; "" clears it.
        ...(place?.latitude !== saved?.latitude || place?.longitude !== saved?.longitude
          ? {
              latitude: place ? coordinateText(place.latitude) : "",
              longitude: place ? coordinateText(place.longitude) : "",
              placeArea: approximateArea(place, location),
            }
          : {}),
        maxAttendees: cap,
        ...(imageUrl !== event.imageUrl ? { imageUrl } : {}),
        ...(JSON.stringify(matching) !== JSON.stringify(initialMatching) ? matching : {}),
        ...(moved || zone !== event.timezone ? { date: zonedInputToIso(date, time, zone) ?? "" } : {}),
        following,
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
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("editTitle")}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-3">
          <Label htmlFor="edit-title">{t("eventName")}</Label>
          <Input id="edit-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          <DateTimeRow>
            <div className="grid gap-2">
              <Label htmlFor="edit-date">{t("date")}</Label>
              <Input
                id="edit-date"
                type="date"
                min={minDate}
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="edit-time">{t("time")}</Label>
              <Input id="edit-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
            </div>
          </DateTimeRow>
          <Label htmlFor="edit-location">{t("location")}</Label>
          <Input id="edit-location" value={location} onChange={(e) => setLocation(e.target.value)} />
          <PlacePicker place={place} onPick={setPlace} locationGranted={false} />
          <Label htmlFor="edit-description">{t("descriptionLabel")}</Label>
          <Textarea
            id="edit-description"
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            required
          />
          <CoverPicker value={imageUrl} onChange={setImageUrl} event={event} />
          <Label htmlFor="edit-max">{t("maxBlank")}</Label>
          <Input id="edit-max" type="number" min={1} value={max} onChange={(e) => setMax(e.target.value)} />
          <MatchmakingSettings value={matching} onChange={setMatching} />
          {event.seriesId != null && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} />
              {t("following")}
            </label>
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
      </DialogContent>
    </Dialog>
  );
}
