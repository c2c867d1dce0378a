import type { INDUSTRIES } from "@contract/categories";
import type { CreateEventBody, EventType } from "@contract/events";
import type { Recurrence } from "@contract/hosting";
import { DEFAULT_MAX_ATTENDEES } from "@contract/limits";
import { coordinateText } from "@contract/places-texts";
import type { MatchmakingValue } from "@/features/matching";
import { deviceTimeZone } from "@/lib/format-date";
import { zonedInputToIso } from "@/lib/zoned-input";
import type { GuestSetup } from "./create-event-guests";
import type { EventBasicsValues } from "./event-fields";
import { approximateArea, type PickedPlace } from "./place-picker";

export type Industry = (typeof INDUSTRIES)[number]["id"];

export interface CreateEventValues extends EventBasicsValues {
  type: EventType;
  description: string;
  category: Industry;
  /** An uploaded cover (/api/uploads/{id}); null shows the category illustration. */
  imageUrl: string | null;
  guests: GuestSetup;
  recurrence: Recurrence | null;
  /** Null until the host touches it: the event's kind decides (on for networking, off for social). */
  matching: MatchmakingValue | null;
}

/** The dialog opens as Social, Tech (a networking event's cap starts at 20; a social one's is unlimited). */
export const initialCreateEventValues: CreateEventValues = {
  type: "social",
  title: "",
  date: "",
  time: "",
  location: "",
  description: "",
  category: "tech",
  /** Where the event is on the map; the Location text stays its display name. */
  place: null,
  imageUrl: null,
  guests: { maxAttendees: "", questions: [], maxGuestsPerPerson: 0, cohostIds: [] },
  recurrence: null,
  matching: null,
};
/** Each kind's starting cap: switching kinds swaps one for the other unless the host typed their own. */
export const defaultCap = (type: EventType) => (type === "networking" ? String(DEFAULT_MAX_ATTENDEES) : "");

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

/**
 * What the form holds, as the body POST /api/events takes: hosted by `host`, at `position` (the picked place,
 * else the device's when granted), the typed time read in the zone of where the event is.
 */
export function createEventBody(
  values: CreateEventValues,
  host: { id: number; timezone: string },
  position: { latitude: number; longitude: number } | null,
): CreateEventBody {
  const { guests } = values;
  const max = Number.parseInt(guests.maxAttendees, 10);
  const area = position && approximateArea(values.place, values.location);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    // The typed wall-clock time is the place's: the zone the event keeps and every screen shows it in.
    date: zonedInputToIso(values.date, values.time, typedTimeZone(values.place, position, host.timezone)) ?? "",
    location: values.location.trim(),
    ...(position ? { latitude: coordinateText(position.latitude), longitude: coordinateText(position.longitude) } : {}),
    ...(area ? { placeArea: area } : {}),
    hostId: host.id,
    type: values.type,
    ...(values.recurrence ? { recurrence: values.recurrence } : {}),
    ...(values.imageUrl ? { imageUrl: values.imageUrl } : {}),
    ...(values.type === "networking"
      ? { category: values.category, maxAttendees: Number.isFinite(max) ? max : DEFAULT_MAX_ATTENDEES }
      : Number.isFinite(max)
        ? { maxAttendees: max }
        : {}),
    ...(guests.questions.length ? { questions: guests.questions.map((q) => ({ ...q, text: q.text.trim() })) } : {}),
    ...(guests.maxGuestsPerPerson ? { maxGuestsPerPerson: guests.maxGuestsPerPerson } : {}),
    ...(guests.cohostIds.length ? { cohostIds: guests.cohostIds } : {}),
    ...(values.matching ?? {}),
  };
}
