import { INDUSTRIES } from "@contract/categories";
import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import { CREATE_EVENT_MISSING_TEXTS, type CreateEventBody } from "@contract/events";
import type { Recurrence } from "@contract/hosting";
import { DEFAULT_MAX_ATTENDEES } from "@contract/limits";
import { coordinateText } from "@contract/places-texts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "@/features/auth";
import { questionsToSave, RepeatField } from "@/features/hosting";
import { MatchmakingSettings, type MatchmakingValue, matchmakingValue } from "@/features/matching";
import { errorMessage, errorStatus } from "@/lib/api";
import { dayKey, deviceTimeZone, zoneAbbreviation } from "@/lib/format-date";
import { localize, text, useLanguage, useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { zonedInputToIso } from "@/lib/zoned-input";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { DateTimeRow, Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useCreateEvent } from "./api";
import { CoverPicker } from "./cover-picker";
import { CreateEventGuests, type GuestSetup } from "./create-event-guests";
import { approximateArea, type PickedPlace, PlacePicker } from "./place-picker";

type RequiredField = keyof typeof CREATE_EVENT_MISSING_TEXTS;
const REQUIRED_FIELDS = Object.keys(CREATE_EVENT_MISSING_TEXTS) as RequiredField[];

/**
 * The visible mark of a required field's label: drawn by CSS with an empty alternative text, so the
 * field's name stays its words and the input's own `required` is what a screen reader announces.
 */
const requiredLabel = "after:ms-0.5 after:text-destructive after:content-['*'_/_'']";

/** Under a required field left empty: what it needs, tied to the input by aria-describedby. */
function MissingNote({ field, shown }: { field: RequiredField; shown: boolean }) {
  const t = useTexts(CREATE_EVENT_MISSING_TEXTS);
  if (!shown) return null;
  return (
    <p id={`event-${field}-missing`} className="text-sm font-medium text-destructive">
      {t(field)}
    </p>
  );
}
type Industry = (typeof INDUSTRIES)[number]["id"];

/** The dialog opens as Social, All Friends, Tech (a networking event's cap starts at 20; a social one's is unlimited). */
const initial = {
  type: "social" as "social" | "networking",
  title: "",
  date: "",
  time: "",
  location: "",
  description: "",
  category: "tech" as Industry,
  /** Where the event is on the map; the Location text stays its display name. */
  place: null as PickedPlace | null,
  /** An uploaded cover (/api/uploads/{id}); null shows the category illustration. */
  imageUrl: null as string | null,
};
const initialGuests: GuestSetup = { maxAttendees: "", questions: [], maxGuestsPerPerson: 0, cohostIds: [] };
/** Each kind's starting cap: switching kinds swaps one for the other unless the host typed their own. */
const defaultCap = (type: typeof initial.type) => (type === "networking" ? String(DEFAULT_MAX_ATTENDEES) : "");

/**
 * The zone a typed time is read in: the picked place's, the device's when the event takes the
 * device's position (it is there), else the host's own.
 */
function typedTimeZone(
  place: PickedPlace | null,
  position: { latitude: number; longitude: number } | null,
  profileZone: string,
): string {
  if (place?.timezone) return place.timezone;
  if (position && (!place || place.source === "device")) return deviceTimeZone();
  return profileZone;
}

/** "Create New Event", opened by the bottom bar's add button. */
export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const t = useTexts(CREATE_EVENT_TEXTS);
  // Radix controls lay out left to right unless told the page's direction.
  const { dir } = useLanguage();
  const [form, setForm] = useState(initial);
  // Set by a refused submit: from then on every empty required field says so where it is.
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateEvent();
  const [, navigate] = useLocation();
  const [locationGranted, setLocationGranted] = useState(false);
  const [locating, setLocating] = useState(false);
  const [recurrence, setRecurrence] = useState<Recurrence | null>(null);
  const [guests, setGuests] = useState(initialGuests);
  // Null until the host touches it: the event's kind decides (on for networking, off for social).
  const [matching, setMatching] = useState<MatchmakingValue | null>(null);
  const changeGuests = (change: Partial<GuestSetup>) => setGuests((g) => ({ ...g, ...change }));
  const changeType = (type: typeof initial.type) => {
    set("type", type);
    setGuests((g) => (g.maxAttendees === defaultCap(form.type) ? { ...g, maxAttendees: defaultCap(type) } : g));
  };
  useEffect(() => {
    if (open) void native.locationGranted().then(setLocationGranted);
  }, [open]);
  const set = <K extends keyof typeof initial>(key: K, value: (typeof initial)[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  // Closing resets every field, whichever way the dialog closes.
  const changeOpen = (next: boolean) => {
    if (!next) {
      setForm(initial);
      setGuests(initialGuests);
      setMatching(null);
      setTried(false);
      create.reset();
    }
    onOpenChange(next);
  };

  const isMissing = (field: RequiredField) => !form[field].trim();
  const missingShown = (field: RequiredField) => tried && isMissing(field);
  /** What a required input carries: required, and when it is empty after a refused submit, the note under it. */
  const requiredProps = (field: RequiredField) => ({
    required: true,
    "aria-invalid": missingShown(field) || undefined,
    "aria-describedby": missingShown(field) ? `event-${field}-missing` : undefined,
  });

  // A place in another zone than the host's: the typed time is read there, and the dialog says so.
  const placeZone = form.place?.timezone && form.place.timezone !== user?.timezone ? form.place.timezone : null;
  const pickPlace = (place: PickedPlace | null) =>
    // A picked city or address names the event's location when the field is still empty.
    setForm((f) => ({ ...f, place, location: f.location.trim() || !place?.label ? f.location : place.label }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const firstMissing = REQUIRED_FIELDS.find((field) => isMissing(field));
    if (firstMissing || !user) {
      setTried(true);
      if (firstMissing) formRef.current?.querySelector<HTMLElement>(`#event-${firstMissing}`)?.focus();
      toast({ title: t("missingFields"), description: t("missingFieldsDetail"), variant: "destructive" });
      return;
    }
    // With location granted and nothing picked, the event takes the device's position.
    let position: { latitude: number; longitude: number } | null = form.place;
    if (!position && locationGranted) {
      setLocating(true);
      position = await native.getPosition().catch(() => null);
      setLocating(false);
    }
    const networking = form.type === "networking";
    const max = Number.parseInt(guests.maxAttendees, 10);
    const questions = questionsToSave(guests.questions);
    const body: CreateEventBody = {
      title: form.title.trim(),
      description: form.description.trim(),
      // The typed wall-clock time is the place's: the zone the event keeps and every screen shows it in.
      date: zonedInputToIso(form.date, form.time, typedTimeZone(form.place, position, user.timezone)) ?? "",
      location: form.location.trim(),
      ...(position
        ? { latitude: coordinateText(position.latitude), longitude: coordinateText(position.longitude) }
        : {}),
      ...(position && approximateArea(form.place, form.location)
        ? { placeArea: approximateArea(form.place, form.location) as string }
        : {}),
      hostId: user.id,
      type: form.type,
      ...(recurrence ? { recurrence } : {}),
      ...(form.imageUrl ? { imageUrl: form.imageUrl } : {}),
      ...(networking
        ? { category: form.category, maxAttendees: Number.isFinite(max) ? max : DEFAULT_MAX_ATTENDEES }
        : Number.isFinite(max)
          ? { maxAttendees: max }
          : {}),
      ...(questions.length ? { questions } : {}),
      ...(guests.maxGuestsPerPerson ? { maxGuestsPerPerson: guests.maxGuestsPerPerson } : {}),
      ...(guests.cohostIds.length ? { cohostIds: guests.cohostIds } : {}),
      ...(matching ?? {}),
    };
    create.mutate(body, {
      onSuccess: (event) => {
        toast({
          title: text(CREATE_EVENT_TEXTS, "created"),
          description: text(CREATE_EVENT_TEXTS, form.type === "networking" ? "createdNetworking" : "createdSocial"),
        });
        changeOpen(false);
        // The host lands on the new event's page, which offers to share it.
        navigate(`/events/${event.id}?live=1`);
      },
      // "Failed to create the event" for every failure, except the hourly limit, whose message says when to retry.
      onError: (error) =>
        toast({
          title: text(CREATE_EVENT_TEXTS, "error"),
          description: (errorStatus(error) === 429 && errorMessage(error)) || text(CREATE_EVENT_TEXTS, "createFailed"),
          variant: "destructive",
        }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <p className="-mt-2 text-xs text-muted-foreground" aria-hidden>
            <span className="text-destructive">*</span> {t("required")}
          </p>
          <div className="grid gap-2">
            <Label>{t("eventType")}</Label>
            <RadioGroup
              dir={dir}
              value={form.type}
              onValueChange={(v) => changeType(v as typeof initial.type)}
              className="flex gap-6"
              aria-label={t("eventType")}
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem value="social" id="event-type-social" />
                <Label htmlFor="event-type-social">{t("social")}</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="networking" id="event-type-networking" />
                <Label htmlFor="event-type-networking">{t("networking")}</Label>
              </div>
            </RadioGroup>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="event-title" className={requiredLabel}>
              {t("eventName")}
            </Label>
            <Input
              id="event-title"
              placeholder={t("eventNamePlaceholder")}
              value={form.title}
              onChange={(e) => set("title", e.target.value)}
              {...requiredProps("title")}
            />
            <MissingNote field="title" shown={missingShown("title")} />
          </div>
          <DateTimeRow>
            <div className="grid gap-2">
              <Label htmlFor="event-date" className={requiredLabel}>
                {t("date")}
              </Label>
              <Input
                id="event-date"
                type="date"
                min={dayKey(new Date(), user?.timezone)}
                value={form.date}
                onChange={(e) => set("date", e.target.value)}
                {...requiredProps("date")}
              />
              <MissingNote field="date" shown={missingShown("date")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="event-time" className={requiredLabel}>
                {t("time")}
              </Label>
              <Input
                id="event-time"
                type="time"
                value={form.time}
                onChange={(e) => set("time", e.target.value)}
                {...requiredProps("time")}
                aria-describedby={
                  [missingShown("time") && "event-time-missing", placeZone && "event-time-zone"]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
              />
              <MissingNote field="time" shown={missingShown("time")} />
            </div>
            {placeZone && (
              <p
                id="event-time-zone"
                className="col-span-2 text-xs text-muted-foreground"
                data-testid="event-time-zone"
              >
                {t("timeAtPlace", { zone: zoneAbbreviation(new Date(), placeZone) })}
              </p>
            )}
          </DateTimeRow>
          <div className="grid gap-2">
            <Label htmlFor="event-location">{t("location")}</Label>
            <Input
              id="event-location"
              placeholder={t("locationPlaceholder")}
              value={form.location}
              onChange={(e) => set("location", e.target.value)}
            />
          </div>
          <PlacePicker place={form.place} onPick={pickPlace} locationGranted={locationGranted} />
          <CoverPicker
            value={form.imageUrl}
            onChange={(url) => set("imageUrl", url)}
            event={{ type: form.type, title: form.title, tags: [] }}
          />
          <div className="grid gap-2">
            <Label htmlFor="event-description" className={requiredLabel}>
              {t("descriptionLabel")}
            </Label>
            <Textarea
              id="event-description"
              rows={3}
              placeholder={t("descriptionPlaceholder")}
              value={form.description}
              onChange={(e) => set("description", e.target.value)}
              {...requiredProps("description")}
            />
            <MissingNote field="description" shown={missingShown("description")} />
          </div>
          {form.type === "networking" && (
            <div className="grid gap-2">
              <Label htmlFor="event-category">{t("industry")}</Label>
              <Select dir={dir} value={form.category} onValueChange={(v) => set("category", v as Industry)}>
                <SelectTrigger id="event-category">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {INDUSTRIES.map((i) => (
                    <SelectItem key={i.id} value={i.id}>
                      {localize(i.label)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <CreateEventGuests
            open={open}
            value={guests}
            onChange={changeGuests}
            capacityPlaceholder={form.type === "networking" ? String(DEFAULT_MAX_ATTENDEES) : t("unlimited")}
          />
          <RepeatField value={recurrence} onChange={setRecurrence} />
          <MatchmakingSettings value={matching ?? matchmakingValue(null, form.type)} onChange={setMatching} />
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={create.isPending || locating}>
              {create.isPending || locating ? t("creating") : t("createEvent")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
