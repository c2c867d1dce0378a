import { INDUSTRIES } from "@contract/categories";
import { INDUSTRY_TEXTS } from "@contract/discover-categories";
import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import type { EventType } from "@contract/events";
import { DEFAULT_MAX_ATTENDEES } from "@contract/limits";
import { useEffect, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useLocation } from "wouter";
import { useAuth } from "@/features/auth";
import { RepeatField } from "@/features/hosting";
import { MatchmakingSettings, matchmakingValue } from "@/features/matching";
import { errorMessage, errorStatus } from "@/lib/api";
import { dayKey } from "@/lib/format-date";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { native } from "@/lib/native";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField } from "@/ui/form-fields";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/ui/select";
import { toast } from "@/ui/use-toast";
import { useCreateEvent } from "./api";
import { CoverPicker } from "./cover-picker";
import { CreateEventGuests, type GuestSetup } from "./create-event-guests";
import {
  type CreateEventValues,
  createEventBody,
  defaultCap,
  type Industry,
  initialCreateEventValues,
} from "./create-event-values";
import { EventBasicsFields, missesRequired } from "./event-fields";

const resolver = lazyZodResolver<CreateEventValues>(
  () => import("./event-form-schemas").then((m) => m.createEventFormSchema),
  { raw: true },
);

/** "Create New Event", opened by the bottom bar's add button. */
export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { user } = useAuth();
  const t = useTexts(CREATE_EVENT_TEXTS);
  // Radix controls lay out left to right unless told the page's direction.
  const { dir } = useLanguage();
  const form = useForm<CreateEventValues>({ resolver, defaultValues: initialCreateEventValues });
  const { control } = form;
  const create = useCreateEvent();
  const [, navigate] = useLocation();
  const [locationGranted, setLocationGranted] = useState(false);
  const [locating, setLocating] = useState(false);
  const [type, place, title, guests] = useWatch({ control, name: ["type", "place", "title", "guests"] });
  useEffect(() => {
    if (open) void native.locationGranted().then(setLocationGranted);
  }, [open]);

  const changeType = (next: EventType) => {
    const current = form.getValues("guests");
    form.setValue("type", next);
    if (current.maxAttendees === defaultCap(type))
      form.setValue("guests", { ...current, maxAttendees: defaultCap(next) });
  };
  const changeGuests = (change: Partial<GuestSetup>) =>
    form.setValue("guests", { ...form.getValues("guests"), ...change });

  // Closing resets every field, whichever way the dialog closes.
  const changeOpen = (next: boolean) => {
    if (!next) {
      form.reset(initialCreateEventValues);
      create.reset();
    }
    onOpenChange(next);
  };

  // A place in another zone than the host's: the typed time is read there, and the dialog says so.
  const placeZone = place?.timezone && place.timezone !== user?.timezone ? place.timezone : null;

  const refuse = () =>
    toast({ title: t("missingFields"), description: t("missingFieldsDetail"), variant: "destructive" });

  const submit = form.handleSubmit(
    async (values) => {
      if (!user) return refuse();
      // With location granted and nothing picked, the event takes the device's position.
      let position: { latitude: number; longitude: number } | null = values.place;
      if (!position && locationGranted) {
        setLocating(true);
        position = await native.getPosition().catch(() => null);
        setLocating(false);
      }
      create.mutate(createEventBody(values, user, position), {
        onSuccess: (event) => {
          toast({
            title: text(CREATE_EVENT_TEXTS, "created"),
            description: text(CREATE_EVENT_TEXTS, values.type === "networking" ? "createdNetworking" : "createdSocial"),
          });
          changeOpen(false);
          // The host lands on the new event's page, which offers to share it.
          navigate(`/events/${event.id}?live=1`);
        },
        // "Failed to create the event" for every failure, except the hourly limit, whose message says when to retry.
        onError: (error) =>
          toast({
            title: text(CREATE_EVENT_TEXTS, "error"),
            description:
              (errorStatus(error) === 429 && errorMessage(error)) || text(CREATE_EVENT_TEXTS, "createFailed"),
            variant: "destructive",
          }),
      });
    },
    () => missesRequired(form.getValues()) && refuse(),
  );

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <p className="-mt-2 text-xs text-muted-foreground" aria-hidden>
              <span className="text-destructive">*</span> {t("required")}
            </p>
            <div className="grid gap-2">
              <Label>{t("eventType")}</Label>
              <RadioGroup
                dir={dir}
                value={type}
                onValueChange={(v) => changeType(v as EventType)}
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
            <EventBasicsFields
              minDate={dayKey(new Date(), user?.timezone)}
              zone={placeZone}
              locationGranted={locationGranted}
              fresh
            />
            <Controller
              control={control}
              name="imageUrl"
              render={({ field }) => (
                <CoverPicker value={field.value} onChange={field.onChange} event={{ type, title, tags: [] }} />
              )}
            />
            <TextareaField
              control={control}
              name="description"
              label={t("descriptionLabel")}
              rows={3}
              placeholder={t("descriptionPlaceholder")}
              required
              requiredMark
            />
            {type === "networking" && (
              <div className="grid gap-2">
                <Label htmlFor="event-category">{t("industry")}</Label>
                <Controller
                  control={control}
                  name="category"
                  render={({ field }) => (
                    <Select dir={dir} value={field.value} onValueChange={(v) => field.onChange(v as Industry)}>
                      <SelectTrigger id="event-category">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {INDUSTRIES.map((i) => (
                          <SelectItem key={i.id} value={i.id}>
                            {text(INDUSTRY_TEXTS, i.label)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </div>
            )}
            <CreateEventGuests
              open={open}
              value={guests}
              onChange={changeGuests}
              capacityPlaceholder={type === "networking" ? String(DEFAULT_MAX_ATTENDEES) : t("unlimited")}
            />
            <Controller
              control={control}
              name="recurrence"
              render={({ field }) => <RepeatField value={field.value} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name="matching"
              render={({ field }) => (
                <MatchmakingSettings value={field.value ?? matchmakingValue(null, type)} onChange={field.onChange} />
              )}
            />
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending || locating}>
                {create.isPending || locating ? t("creating") : t("createEvent")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
