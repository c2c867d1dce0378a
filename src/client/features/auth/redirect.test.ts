import { describe, expect, it } from "vitest";
import { authPathFor, eventIdOf, eventJoinPath, inviteCodeOf, safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("follows same-site paths", () => {
    expect(safeRedirect("/profile")).toBe("/profile");
    expect(safeRedirect("/users/3?tab=events")).toBe("/users/3?tab=events");
  });
  it("refuses everything else with /", () => {
    for (const target of [
      null,
      "",
      "profile",
      "//evil.com",
      "/\\evil.com",
      "https://evil.com",
      "/\t/evil.com",
      "/auth",
      "/auth?redirect=/x",
    ]) {
      expect(safeRedirect(target)).toBe("/");
    }
  });
  it("builds the /auth link with the way back", () => {
    expect(authPathFor("/profile")).toBe("/auth?redirect=%2Fprofile");
    expect(authPathFor("/")).toBe("/auth");
  });
});

describe("inviteCodeOf", () => {
  it("finds the invite code of a way back to an invite page, and nothing else", () => {
    expect(inviteCodeOf("/invite/abc123")).toBe("abc123");
    for (const target of [
      null,
      "/invite/",
      "/invite/abc/join",
      "/groups",
      "//evil.com/invite/abc",
      "/invite/%E0%A4%A",
    ]) {
      expect(inviteCodeOf(target)).toBeNull();
    }
  });
});

describe("eventIdOf", () => {
  it("finds the event a newcomer asked to join from its public preview, and nothing else", () => {
    expect(eventIdOf(eventJoinPath(42))).toBe(42);
    for (const target of [
      null,
      "/events/42",
      "/events/42?join=0",
      "/events/abc?join=1",
      "//evil.com/events/42?join=1",
    ]) {
      expect(eventIdOf(target)).toBeNull();
    }
  });
});
