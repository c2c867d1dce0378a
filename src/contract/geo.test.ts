import { describe, expect, it } from "vitest";
import { coarsenDistanceKm, formatDistance, haversineKm } from "./geo";

describe("formatDistance", () => {
  it("shows whole metres under 1 km", () => {
    expect(formatDistance(0.999)).toBe("999 m");
    expect(formatDistance(0.0004)).toBe("0 m");
    expect(formatDistance(0.1234)).toBe("123 m");
  });
  it("switches to km at 1 km, including values that round up to it", () => {
    expect(formatDistance(1)).toBe("1.0 km");
    expect(formatDistance(0.9996)).toBe("1.0 km");
  });
  it("shows one decimal under 10 km", () => {
    expect(formatDistance(9.9)).toBe("9.9 km");
    expect(formatDistance(9.94)).toBe("9.9 km");
  });
  it("shows 9.95 km as 10 km: it rounds to 10.0, which belongs to the whole-km band", () => {
    expect(formatDistance(9.95)).toBe("10 km");
  });
  it("shows whole km from 10 km", () => {
    expect(formatDistance(10)).toBe("10 km");
    expect(formatDistance(12.6)).toBe("13 km");
  });
});

describe("coarsenDistanceKm", () => {
  it("keeps exactly the precision the display shows", () => {
    expect(coarsenDistanceKm(0.9994)).toBe(0.999);
    expect(coarsenDistanceKm(3.14)).toBe(3.1);
    expect(coarsenDistanceKm(9.95)).toBe(10);
    expect(coarsenDistanceKm(12.4)).toBe(12);
  });
});

describe("haversineKm", () => {
  it("is zero for the same point and about 111.19 km per degree of latitude", () => {
    expect(haversineKm(40, -74, 40, -74)).toBe(0);
    expect(haversineKm(0, 0, 1, 0)).toBeCloseTo(111.195, 2);
  });
  it("measures New York to London at about 5570 km", () => {
    expect(haversineKm(40.7128, -74.006, 51.5074, -0.1278)).toBeCloseTo(5570, -1);
  });
});
