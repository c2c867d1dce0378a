import { describe, expect, it } from "vitest";
import { initialOf } from "./utils";

describe("initialOf", () => {
  it("takes the first letter in the name's own script", () => {
    expect(initialOf("ada lovelace")).toBe("A");
    expect(initialOf("דנה כהן")).toBe("ד");
    expect(initialOf("محمد علي")).toBe("م");
    expect(initialOf("김민준")).toBe("김");
    expect(initialOf("Ωmega")).toBe("Ω");
    expect(initialOf("ñandu")).toBe("Ñ");
  });

  it("keeps a letter and its marks together", () => {
    // "e" followed by a combining acute accent, as some keyboards type it.
    expect(initialOf("e\u0301mile")).toBe("É");
    expect(initialOf("क्षमा")).toMatch(/^क्/);
  });

  it("skips what is not a letter: a direction mark, a bracket, an emoji", () => {
    expect(initialOf("\u200Fדנה")).toBe("ד");
    expect(initialOf("(Sam)")).toBe("S");
    expect(initialOf("🎸 Joni")).toBe("J");
  });

  it("falls back to U when the name has no letter", () => {
    expect(initialOf("")).toBe("U");
    expect(initialOf(null)).toBe("U");
    expect(initialOf("123")).toBe("U");
  });
});
