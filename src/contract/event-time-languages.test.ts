import { describe, expect, it } from "vitest";
import { formatEventTime } from "./event-time";
import arabic from "./i18n/catalogs/ar.json";
import spanish from "./i18n/catalogs/es.json";
import { translate } from "./i18n/texts";
import { REMINDER_OFFSET_LABELS } from "./push";

const FSI = "\u2068";
const PDI = "\u2069";
// 18:00 UTC: 10:00 in Los Angeles (PST), 13:00 in New York.
const moment = "2026-12-10T18:00:00Z";

describe("an event's time in a right-to-left language", () => {
  it("isolates the event's clock with its zone and the reader's clock, so neither swaps places with the other", () => {
    const line = formatEventTime(moment, "America/Los_Angeles", "America/New_York", { locale: "ar", catalog: arabic });
    const [at, yours] = line.split(" · ");
    expect(at.startsWith(FSI) && at.endsWith(PDI)).toBe(true);
    expect(at).toContain("PST");
    expect(yours.startsWith(FSI) && yours.endsWith(PDI)).toBe(true);
    expect(yours).toContain("بتوقيتك");
    // Only the zone's time, one run.
    const alone = formatEventTime(moment, "America/Los_Angeles", "America/Los_Angeles", {
      locale: "ar",
      catalog: arabic,
    });
    expect([alone.startsWith(FSI), alone.endsWith(PDI), alone.includes(" · ")]).toEqual([true, true, false]);
  });

  it("leaves left-to-right languages' lines as they were", () => {
    expect(formatEventTime(moment, "America/Los_Angeles", "America/New_York")).toBe(
      "Thu, Dec 10, 2026, 10:00 AM PST · 1:00 PM your time",
    );
    const es = formatEventTime(moment, "America/Los_Angeles", "America/New_York", { locale: "es", catalog: spanish });
    expect(es).not.toMatch(/[\u2066-\u2069]/);
  });
});

describe("a reminder's choice in Settings", () => {
  it("is one phrase per language, so Arabic puts 'before' in front with the right case", () => {
    const labels = REMINDER_OFFSET_LABELS as unknown as Record<string, string>;
    const twoHours = (locale: string, catalog: typeof arabic) => translate(locale, catalog, labels, "120");
    expect(twoHours("ar", arabic)).toBe("قبل ساعتين");
    expect(twoHours("es", spanish)).toBe("2 horas antes");
    expect(REMINDER_OFFSET_LABELS[120]).toBe("2 hours before");
  });
});
