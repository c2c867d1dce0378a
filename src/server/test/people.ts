import { REGISTER_PROFILE_DEFAULTS, type RegisterBody } from "#contract/auth";

/** The one password test people register with. */
const TEST_PASSWORD = "secret123";

let counter = 0;
/** A name no other test run has used: the shared e2e server and PostgreSQL outlive one test. */
export function uniqueToken(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
}

/**
 * The one register payload of every test tier (API suites and journeys): the contract's profile
 * defaults, a unique username and e-mail; override what the test is about (a name it reads, a zone).
 */
export function registerPayload(overrides: Partial<RegisterBody> = {}) {
  const handle = uniqueToken(
    (overrides.fullName ?? "user")
      .split(" ")[0]
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")
      .slice(0, 12) || "user",
  );
  return {
    ...REGISTER_PROFILE_DEFAULTS,
    fullName: `Test User ${counter}`,
    username: handle,
    email: `${handle}@example.com`,
    password: TEST_PASSWORD,
    ...overrides,
  } satisfies RegisterBody;
}
export type RegisterPayload = ReturnType<typeof registerPayload>;
