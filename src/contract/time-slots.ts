import type { z } from "zod";
import { defineTexts } from "./i18n/texts";
import { idEnum } from "./id-enum";

/** The slots' names and hours as people read them (ids stay what is stored). */
export const TIME_SLOT_TEXTS = defineTexts("timeSlots", {
  earlyMorning: "Early Morning",
  earlyMorningRange: "6am-9am",
  morning: "Morning",
  morningRange: "9am-12pm",
  earlyAfternoon: "Early Afternoon",
  earlyAfternoonRange: "12pm-3pm",
  lateAfternoon: "Late Afternoon",
  lateAfternoonRange: "3pm-6pm",
  evening: "Evening",
  eveningRange: "6pm-9pm",
  night: "Night",
  nightRange: "9pm-12am",
  lateNight: "Late Night",
  lateNightRange: "12am-3am",
  beforeDawn: "Before Dawn",
  beforeDawnRange: "3am-6am",
});

/** The eight three-hour slots of My Availability, in display order. */
export const TIME_SLOTS = [
  { id: "early_morning_1", label: "earlyMorning", range: "earlyMorningRange", startHour: 6 },
  { id: "morning", label: "morning", range: "morningRange", startHour: 9 },
  { id: "early_afternoon", label: "earlyAfternoon", range: "earlyAfternoonRange", startHour: 12 },
  { id: "late_afternoon", label: "lateAfternoon", range: "lateAfternoonRange", startHour: 15 },
  { id: "evening", label: "evening", range: "eveningRange", startHour: 18 },
  { id: "night", label: "night", range: "nightRange", startHour: 21 },
  { id: "late_night", label: "lateNight", range: "lateNightRange", startHour: 0 },
  // Two slots called "Early Morning" could not be told apart in a list; 3-6 am is the end of the night.
  { id: "early_morning_2", label: "beforeDawn", range: "beforeDawnRange", startHour: 3 },
] as const;

export const timeSlotIdSchema = idEnum(TIME_SLOTS);
export type TimeSlotId = z.infer<typeof timeSlotIdSchema>;

const LABEL_OF_SLOT = new Map(TIME_SLOTS.map((slot) => [slot.id as TimeSlotId, slot.label]));
/** The key of a slot's name in TIME_SLOT_TEXTS. */
export function timeSlotLabel(id: TimeSlotId): keyof typeof TIME_SLOT_TEXTS {
  return LABEL_OF_SLOT.get(id) ?? "earlyMorning";
}
