import { describe, expect, it } from "vitest";
import { expectConsoleError, failOnUnexpectedConsoleErrors } from "./console";

describe("the console.error guard of every client test", () => {
  it("fails the test on an error nobody declared, naming it (React's act() warning here)", () => {
    console.error("An update to %s inside a test was not wrapped in act(...).", "Probe");
    expect(() => failOnUnexpectedConsoleErrors()).toThrow("An update to Probe inside a test was not wrapped in act");
  });

  it("lets through an error the test declared, and only that one", () => {
    expectConsoleError(/must be used within an AuthProvider/);
    console.error("useAuth must be used within an AuthProvider");
    expect(() => failOnUnexpectedConsoleErrors()).not.toThrow();
    expectConsoleError(/must be used within an AuthProvider/);
    console.error("Something else broke");
    expect(() => failOnUnexpectedConsoleErrors()).toThrow("Something else broke");
  });
});
