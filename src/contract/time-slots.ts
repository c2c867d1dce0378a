import type { z } from "zod";
import { idEnum } from "./id-enum";

/** Spec 01 §3: the eight three-hour slots of My Availability, in display order. */
export const TIME_SLOTS = [
  { id: "early_morning_1", label: "Early Morning", range: "6am-9am", startHour: 6 },
  { id: "morning", label: "Morning", range: "9am-12pm", startHour: 9 },
  { id: "early_afternoon", label: "Early Afternoon", range: "12pm-3pm", startHour: 12 },
  { id: "late_afternoon", label: "Late Afternoon", range: "3pm-6pm", startHour: 15 },
  { id: "evening", label: "Evening", range: "6pm-9pm", startHour: 18 },
  { id: "night", label: "Night", range: "9pm-12am", startHour: 21 },
  { id: "late_night", label: "Late Night", range: "12am-3am", startHour: 0 },
  { id: "early_morning_2", label: "Early Morning", range: "3am-6am", startHour: 3 },
] as const;

export const timeSlotIdSchema = idEnum(TIME_SLOTS);
export type TimeSlotId = z.infer<typeof timeSlotIdSchema>;

/** The slot an hour of the day (0-23) falls in. */
export function slotForHour(hour: number): TimeSlotId {
  const slot = TIME_SLOTS.find((s) => hour >= s.startHour && hour < s.startHour + 3);
  return (slot ?? TIME_SLOTS[0]).id;
}

/** Spec 02 §9: the Groups page's own four slots. */
export const GROUP_TIME_SLOTS = [
  { id: "morning", label: "Morning", range: "8am-12pm" },
  { id: "afternoon", label: "Afternoon", range: "12pm-4pm" },
  { id: "evening", label: "Evening", range: "4pm-8pm" },
  { id: "night", label: "Night", range: "8pm-12am" },
] as const;
export const groupSlotSchema = idEnum(GROUP_TIME_SLOTS);
export type GroupSlotId = z.infer<typeof groupSlotSchema>;
