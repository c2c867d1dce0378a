import path from "node:path";
import type { RegisterBody } from "@contract/auth";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
  type PageScreenshotOptions,
} from "@playwright/test";
import { DEMO_PASSWORD } from "../../src/server/db/seed";
import { type RegisterPayload, registerPayload } from "../../src/server/test/people";
import { grantAccess } from "./access-grant";
import { journeyServer } from "./servers";

export { expect } from "@playwright/test";

/** A person a journey registered: the register payload (password included) and the new id. */
type Account = RegisterPayload & { id: number };

/** A second browser with its own cookie jar, signed in as `account`. */
interface Person {
  account: Account;
  context: BrowserContext;
  page: Page;
}

type AccountFields = Partial<RegisterBody>;

interface Fixtures {
  /** What `user` registers with: `test.use({ userFields: { fullName: "Grace Hopper" } })`. */
  userFields: AccountFields;
  /**
   * Registers through the API as a visitor does (the gate's grant first), in `request`'s cookie jar, so
   * that context is signed in afterwards. Every account it makes is deleted after the test.
   */
  signUp: (request: APIRequestContext, fields?: AccountFields) => Promise<Account>;
  /** The person signed in on `page`. */
  user: Account;
  /** Another person in a browser of their own, signed in; its context closes after the test. */
  newPerson: (fields?: AccountFields, options?: BrowserContextOptions) => Promise<Person>;
  /** The server the journeys run against. */
  serverURL: string;
}

/**
 * A page of the app paints before its scripts have run (the server draws its first screen), and a tap or a key
 * before the app has taken it over does nothing: after loading a page, a journey acts once the app marks #root
 * ready (features/shell/screen-ready.tsx). Pages outside the app (the API, the embed) have no #root, and a
 * journey that loads with `waitUntil: "commit"` means to look at the page before then.
 */
const waiting = new WeakSet<Page>();
function waitsForTheApp(page: Page): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  const ready = async () => {
    if ((await page.locator("#root").count()) === 0) return;
    // A screen that failed to load shows its retry screen instead, never ready: the journey's own checks say so.
    await page
      .locator("#root[data-ready]")
      .waitFor({ state: "attached", timeout: 20_000 })
      .catch(() => undefined);
  };
  for (const load of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[load].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [load]: async (...args: unknown[]) => {
        const response = await original(...args);
        const options = args.find((a): a is { waitUntil?: string } => typeof a === "object" && a !== null);
        if (options?.waitUntil !== "commit") await ready();
        return response;
      },
    });
  }
  return page;
}

export const test = base.extend<Fixtures, { browser: Browser }>({
  // Every page of every context a journey opens (a second person's browser, a fresh device) waits for the app
  // after a load too, not only the default page: a tap on a drawn page before then would be lost.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options?: BrowserContextOptions) => {
        const context = await newContext(options);
        context.on("page", waitsForTheApp);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  userFields: [{}, { option: true }],
  page: async ({ page }, use) => {
    await use(waitsForTheApp(page));
  },
  // The journey's own server: its worker's (tests/e2e/servers.ts).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none.
  baseURL: async ({}, use) => {
    await use(journeyServer().url);
  },
  serverURL: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error("the baseURL fixture names the worker's server");
    await use(baseURL);
  },
  signUp: async ({ playwright, serverURL }, use) => {
    const made: Account[] = [];
    await use(async (request, fields = {}) => {
      const body = registerPayload(fields);
      const res = await (await grantAccess(request)).post("/api/register", { data: body });
      if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
      const account = { ...body, id: ((await res.json()) as { id: number }).id };
      made.push(account);
      return account;
    });
    // Best effort: a journey may have deleted the account or changed its password itself.
    const cleaner = await playwright.request.newContext({ baseURL: serverURL });
    for (const account of made) {
      const login = await cleaner.post("/api/login", {
        data: { username: account.username, password: account.password },
      });
      if (login.ok()) await cleaner.delete("/api/account", { data: { password: account.password } });
    }
    await cleaner.dispose();
  },
  user: async ({ page, signUp, userFields }, use) => {
    await use(await signUp(page.request, userFields));
  },
  newPerson: async ({ browser, signUp }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (fields = {}, options = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      const account = await signUp(context.request, fields);
      return { account, context, page: waitsForTheApp(await context.newPage()) };
    });
    for (const context of contexts) await context.close();
  },
});

/** Signs `request`'s cookie jar in as one of the seed's demo people (alex is the moderator). */
export async function signInAsDemo(request: APIRequestContext, username: string) {
  const res = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`demo sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Screenshots are for people reviewing a change: SCREENSHOTS=1 (or SHOT_DIR=<folder>) saves them. */
export const shotsWanted = process.env.SCREENSHOTS === "1" || Boolean(process.env.SHOT_DIR);

/** Saves `<SHOT_DIR or /tmp/shots>/<spec name>/<name>.png` when screenshots are wanted; else nothing. */
export async function shot(page: Page, name: string, options: Omit<PageScreenshotOptions, "path"> = {}) {
  if (!shotsWanted) return;
  const spec = path.basename(test.info().file).replace(/\.spec\.ts$/, "");
  await page.screenshot({ ...options, path: path.join(process.env.SHOT_DIR ?? "/tmp/shots", spec, `${name}.png`) });
}

/**
 * One screenshot per theme: stores the preference, lets `prepare` reload into it and wait for what the
 * picture is of, then saves `<name>-<theme>`. Does nothing unless screenshots are wanted.
 */
export async function shotBothThemes(page: Page, name: string, prepare: () => Promise<void>) {
  if (!shotsWanted) return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("link-theme-preference", value), theme);
    await prepare();
    await shot(page, `${name}-${theme}`);
  }
}

/** The theme the app starts in on every later navigation of `page` (the stored `link-theme-preference`). */
export async function startInTheme(target: Page | BrowserContext, theme: "light" | "dark") {
  await target.addInitScript((value) => localStorage.setItem("link-theme-preference", value), theme);
}

/** Creates an event through the API as `hostId` (signed in on `request`); `body` overrides the defaults. */
export async function createEvent(request: APIRequestContext, hostId: number, body: Record<string, unknown> = {}) {
  const res = await request.post("/api/events", {
    data: {
      title: "Made by an e2e journey",
      description: "Made by an e2e journey",
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: "Test Hall",
      hostId,
      type: "social",
      ...body,
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; title: string };
}

/** Creates a group through the API as whoever is signed in on `request`. */
export async function createGroup(
  request: APIRequestContext,
  body: { name: string; description?: string; isPrivate?: boolean },
) {
  const res = await request.post("/api/groups", { data: { description: "", ...body } });
  if (res.status() !== 201) throw new Error(`group failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; inviteCode: string };
}

export async function participantsOf(request: APIRequestContext, eventId: number) {
  const res = await request.get(`/api/event-participants?eventIds=${eventId}`);
  return (await res.json()) as Array<{ userId: number; status: string }>;
}

export { uniqueToken } from "../../src/server/test/people";
