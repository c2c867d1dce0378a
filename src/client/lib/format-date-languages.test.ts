import { afterEach, describe, expect, it } from "vitest";
import { formatDayHeading, formatEventDateTime, formatTime, seriesWeekday } from "./format-date";
import { setLanguage } from "./i18n";

afterEach(() => setLanguage("en"));

describe("moments in the reader's language", () => {
  const moment = "2025-03-08T23:30:00.000Z";
  const now = new Date("2025-03-09T02:00:00.000Z");

  it("Spanish: its own day and month names, its own clock, the same zone name", async () => {
    await setLanguage("es");
    const when = formatEventDateTime(moment, "America/New_York");
    expect(when).toMatch(/^sáb, 8 mar 2025, 18:30/);
    expect(when).toMatch(/ EST$/);
    expect(formatTime("2026-07-15T16:00:00.000Z", "America/New_York")).toBe("12:00 EDT");
    expect(seriesWeekday(moment, "America/New_York").weekday).toBe("sábado");
    expect(formatDayHeading(moment, "America/New_York", now)).toBe("Hoy");
  });

  it("Arabic: today and yesterday in Arabic, the weekday in Arabic", async () => {
    await setLanguage("ar");
    expect(formatDayHeading(moment, "America/New_York", now)).toBe("اليوم");
    expect(formatDayHeading("2025-03-07T20:00:00.000Z", "America/New_York", now)).toBe("أمس");
    expect(seriesWeekday(moment, "America/New_York").weekday).toBe("السبت");
  });
});
