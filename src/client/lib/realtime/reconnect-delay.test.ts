import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./connection";

describe("reconnectDelay", () => {
  it("grows exponentially from 1 s, is capped at 30 s and is jittered within [ceiling/2, ceiling]", () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
    const samples = Array.from({ length: 50 }, () => reconnectDelay(2));
    expect(new Set(samples).size).toBeGreaterThan(1);
    for (const d of samples) {
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});
