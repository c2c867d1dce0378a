import type { z } from "zod";
import { idEnum } from "./id-enum";

/** The eight three-hour slots of My Availability, in display order. */
export const TIME_SLOTS = [
  { id: "early_morning_1", label: "Early Morning", range: "6am-9am", startHour: 6 },
  { id: "morning", label: "Morning", range: "9am-12pm", startHour: 9 },
  { id: "early_afternoon", label: "Early Afternoon", range: "12pm-3pm", startHour: 12 },
  { id: "late_afternoon", label: "Late Afternoon", range: "3pm-6pm", startHour: 15 },
  { id: "evening", label: "Evening", range: "6pm-9pm", startHour: 18 },
  { id: "night", label: "Night", range: "9pm-12am", startHour: 21 },
  { id: "late_night", label: "Late Night", range: "12am-3am", startHour: 0 },
  // Two slots called "Early Morning" could not be told apart in a list; 3-6 am is the end of the night.
  { id: "early_morning_2", label: "Before Dawn", range: "3am-6am", startHour: 3 },
] as const;

export const timeSlotIdSchema = idEnum(TIME_SLOTS);
export type TimeSlotId = z.infer<typeof timeSlotIdSchema>;

export function timeSlotLabel(id: TimeSlotId): string {
  return TIME_SLOTS.find((s) => s.id === id)?.label ?? id;
}
