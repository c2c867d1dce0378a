import { CALENDAR_CELLS } from "@contract/limits";
import { addDays, isSameMonth, startOfMonth, startOfWeek } from "date-fns";

export type CalendarCell = { date: Date; inMonth: boolean };

/** Six weeks from the Sunday on or before the 1st, so every month fills one grid; other months' days are fillers. */
export function calendarCells(month: Date): CalendarCell[] {
  const first = startOfWeek(startOfMonth(month));
  return Array.from({ length: CALENDAR_CELLS }, (_, i) => {
    const date = addDays(first, i);
    return { date, inMonth: isSameMonth(date, month) };
  });
}
