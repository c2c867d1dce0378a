import { LANGUAGE_TEXTS } from "@contract/i18n/language-texts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "./api";
import { currentLanguage, initialLanguage, setLanguage, text } from "./i18n";

const page = () => document.documentElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage("en");
});

describe("the pseudo-languages", () => {
  it("right to left: the page turns around, each text is accented and longer, dates stay English", async () => {
    await setLanguage("pseudo-rtl");
    expect(page().dir).toBe("rtl");
    expect(page().lang).toBe("en");
    expect(text(LANGUAGE_TEXTS, "label")).toBe("⟦Ļàñĝûàĝé···⟧");
    expect(currentLanguage().locale).toBe("en-US");
    // A reload opens in it again.
    expect(initialLanguage()).toBe("pseudo-rtl");
  });

  it("left to right: the same texts, read from the left", async () => {
    await setLanguage("pseudo-rtl");
    await setLanguage("pseudo");
    expect(page().dir).toBe("ltr");
    expect(text(LANGUAGE_TEXTS, "label")).toBe("⟦Ļàñĝûàĝé···⟧");
    expect(initialLanguage()).toBe("pseudo");
  });

  it("the server is asked for English, which it speaks, in either direction", async () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response("{}", { status: 200 })),
    );
    vi.stubGlobal("fetch", fetchMock);
    for (const language of ["pseudo", "pseudo-rtl"] as const) {
      await setLanguage(language);
      await api.send("POST", "/api/logout");
      expect(fetchMock.mock.lastCall?.[1]?.headers).toEqual({ "Accept-Language": "en" });
    }
  });

  it("Arabic still reads right to left and English left to right after a pseudo-language", async () => {
    await setLanguage("pseudo-rtl");
    await setLanguage("ar");
    expect(page()).toMatchObject({ dir: "rtl", lang: "ar" });
    await setLanguage("en");
    expect(page()).toMatchObject({ dir: "ltr", lang: "en" });
    expect(text(LANGUAGE_TEXTS, "label")).toBe("Language");
  });
});
