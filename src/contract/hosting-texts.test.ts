import { describe, expect, it } from "vitest";
import { HOSTING_SERIES_TEXTS, HOSTING_TEXTS, recurrenceLabel } from "./hosting-texts";
import arabic from "./i18n/catalogs/ar.json";
import spanish from "./i18n/catalogs/es.json";
import { formatMessage, translate } from "./i18n/texts";
import { MODERATION_TEXTS } from "./safety-texts";

describe("hosting's messages", () => {
  it("keep the English the server and the screens wrote before", () => {
    const plusOnes = (max: number) => formatMessage("en", HOSTING_TEXTS.tooManyGuests, { max });
    expect([0, 1, 3].map(plusOnes)).toEqual([
      "This event does not allow plus-ones",
      "You can bring at most 1 plus-one",
      "You can bring at most 3 plus-ones",
    ]);
    expect(formatMessage("en", HOSTING_TEXTS.answerRequired, { question: "Why?" })).toBe("Please answer: Why?");
    expect(recurrenceLabel("weekly", "Tuesday", 3)).toBe("Every Tuesday");
    expect(recurrenceLabel("biweekly", "Tuesday", 3)).toBe("Every other Tuesday");
    const monthly = (day: number) => recurrenceLabel("monthly", "Tuesday", day);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map(monthly)).toEqual(
      ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"].map(
        (day) => `Monthly on the ${day}`,
      ),
    );
    const reports = (count: number) => formatMessage("en", MODERATION_TEXTS.openReports, { count });
    expect([1, 2].map(reports)).toEqual(["1 open report, oldest first.", "2 open reports, oldest first."]);
  });

  it("count plus-ones by Spanish and Arabic plural rules", () => {
    const es = (max: number) => translate("es", spanish, HOSTING_TEXTS, "tooManyGuests", { max });
    const ar = (max: number) => translate("ar", arabic, HOSTING_TEXTS, "tooManyGuests", { max });
    expect([0, 1, 2].map(es)).toEqual([
      "Este evento no admite acompañantes",
      "Puedes llevar como máximo 1 acompañante",
      "Puedes llevar como máximo 2 acompañantes",
    ]);
    expect([0, 1, 2, 3].map(ar)).toEqual([
      "لا يسمح هذا الحدث بمرافقين",
      "يمكنك إحضار مرافق واحد على الأكثر",
      "يمكنك إحضار مرافقَين على الأكثر",
      "يمكنك إحضار 3 مرافقين على الأكثر",
    ]);
    expect(translate("es", spanish, HOSTING_SERIES_TEXTS, "everyWeekday", { weekday: "martes" })).toBe("Cada martes");
  });
});
