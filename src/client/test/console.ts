import { format } from "node:util";
import { vi } from "vitest";

/**
 * Client tests fail on any console.error (React's act() warnings and failed prop types included),
 * because an error nobody reads is a bug nobody fixes. A test that provokes one on purpose says which.
 */
let expected: RegExp[] = [];
let logged: string[] = [];

/** This test expects a console.error whose text matches `pattern` (e.g. React reporting a thrown render). */
export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern);
}

export function watchConsoleErrors() {
  expected = [];
  logged = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
}

/** Throws (failing the test) when something logged an error the test did not expect. */
export function failOnUnexpectedConsoleErrors() {
  const unexpected = logged.filter((line) => !expected.some((pattern) => pattern.test(line)));
  expected = [];
  logged = [];
  if (unexpected.length > 0) {
    throw new Error(
      `console.error during the test (call expectConsoleError if it is meant):\n${unexpected.join("\n")}`,
    );
  }
}
