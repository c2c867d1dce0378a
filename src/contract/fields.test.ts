import { describe, expect, it } from "vitest";
import {
  calendarDaySchema,
  coordinateTextSchema,
  encodeKeysetCursor,
  eventDateSchema,
  idParamSchema,
  idSchema,
  keysetCursorSchema,
  lineSchema,
  textSchema,
} from "./fields";
import { INT4_MAX } from "./limits";
import { clientMessageSchema } from "./socket";

/** The shared input rules of fields.ts, one by one. */
describe("shared input rules", () => {
  it("bounds ids to int4, in bodies and in URLs", () => {
    expect(idSchema.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [INT4_MAX + 1, 0, -1, 1.5, 2 ** 53, "1"])
      expect(idSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(idParamSchema.parse("42")).toBe(42);
    for (const bad of ["99999999999", "0", "abc", "1e999", ""])
      expect(idParamSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("refuses control characters, keeps newlines only in multi-line text, strips bidi controls everywhere", () => {
    expect(lineSchema().safeParse("a\u0000b").success).toBe(false);
    expect(lineSchema().safeParse("two\nlines").success).toBe(false);
    expect(lineSchema().safeParse("tab\there").success).toBe(false);
    expect(lineSchema().parse("\u202Eevil\u202C \u2066name\u2069")).toBe("evil name");
    expect(textSchema().parse("one\r\ntwo\rthree\tfour")).toBe("one\ntwo\nthree\tfour");
    for (const bad of ["\u0000", "\u001b[31m", "\u007f", "\u0085", "\u000b"])
      expect(textSchema().safeParse(`x${bad}`).success, JSON.stringify(bad)).toBe(false);
    // Right-to-left scripts need no controls and pass untouched.
    expect(lineSchema().parse("שלום עולם")).toBe("שלום עולם");
  });

  it("takes only days that exist, as sent", () => {
    expect(calendarDaySchema().parse("2028-02-29")).toBe("2028-02-29");
    for (const bad of [
      "2024-02-30",
      "2023-02-29",
      "2024-13-01",
      "2024-00-10",
      "2024-1-1",
      "24-01-01",
      "2024-01-01T00:00:00Z",
    ]) {
      expect(calendarDaySchema().safeParse(bad).success, bad).toBe(false);
    }
  });

  it("takes event dates that are real timestamps inside the horizon", () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect(eventDateSchema().safeParse(inAWeek).success).toBe(true);
    expect(eventDateSchema().safeParse("2027-06-01T19:30:00+02:00").success).toBe(true);
    for (const bad of [
      "2024-02-30T10:00:00Z",
      "+275760-09-13T00:00:00.000Z",
      "1999-12-31T23:59:59Z",
      new Date(Date.now() + 6 * 365 * 86_400_000).toISOString(),
      "2027-01-01T24:00:00Z",
      "2027-01-01T10:00:00+15:00",
      "tomorrow",
      "",
    ]) {
      expect(eventDateSchema().safeParse(bad).success, bad).toBe(false);
    }
  });

  it("takes coordinates as plain decimals in range", () => {
    const latitude = coordinateTextSchema(90);
    for (const good of ["", "37.7749295", "-90", "0.30000000000000004"])
      expect(latitude.safeParse(good).success, good).toBe(true);
    for (const bad of ["1e3", "1e1", "90.5", "NaN", "Infinity", "0x10", "12,5", " - 1"])
      expect(latitude.safeParse(bad).success, bad).toBe(false);
  });

  it("round-trips keyset cursors and refuses forged ones", () => {
    const at = new Date("2030-05-14T10:11:12.345Z");
    expect(keysetCursorSchema.parse(encodeKeysetCursor(at, 7))).toEqual({ at, id: 7 });
    for (const bad of ["1_99999999999", "x", "-5_1", "1_0", "999999999999999_1", "1_1_1"])
      expect(keysetCursorSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("applies the same rules to socket frames", () => {
    const chat = (message: string, groupId = 1) =>
      clientMessageSchema.safeParse({ type: "chat_message", groupId, message });
    expect(chat("hi\u0000").success).toBe(false);
    expect(chat("hi", INT4_MAX + 1).success).toBe(false);
    const parsed = chat("\u202Ehello\u202C");
    expect(parsed.success && parsed.data.type === "chat_message" && parsed.data.message).toBe("hello");
  });
});
