import { expect, it } from "vitest";
import { calendarCells } from "./calendar";

it.each([
  ["a month starting on Sunday (Feb 2026)", new Date(2026, 1, 1), 28],
  ["a month spanning six weeks (Aug 2026)", new Date(2026, 7, 1), 31],
  ["a leap February (2028)", new Date(2028, 1, 1), 29],
])("%s has exactly 42 cells, its own days marked in-month", (_name, month, days) => {
  const cells = calendarCells(month);
  expect(cells).toHaveLength(42);
  expect(cells.filter((c) => c.inMonth)).toHaveLength(days);
  expect(cells[0].date.getDay()).toBe(0);
  expect(cells.find((c) => c.inMonth)?.date.getDate()).toBe(1);
});
