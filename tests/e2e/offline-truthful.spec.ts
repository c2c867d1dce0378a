import type { Page } from "@playwright/test";
import { createEvent, createGroup, expect, shot, test, uniqueToken } from "./fixtures";
import { GroupsScreen } from "./pages/groups";

// Offline screens say what is true: a list never saved says so (not "No Events"), a chat shows its last
// copy (kept current while it was open online), its header says Offline, and the banner shows over it.

/** Moves the open app to `path` the way a tap on a link does, without asking the network for a page. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function serviceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test("My Events opened offline before it was ever read says it was not saved, then fills in online", async ({
  page,
  context,
  user,
  newPerson,
}) => {
  test.setTimeout(90_000);
  const host = await newPerson();
  const token = uniqueToken("nosave");
  for (const day of [2, 3]) {
    const event = await createEvent(host.page.request, host.account.id, {
      title: `${token} Night ${day}`,
      date: new Date(Date.now() + day * 86_400_000).toISOString(),
    });
    const going = await page.request.post("/api/event-participants", {
      data: { eventId: event.id, userId: user.id, status: "going" },
    });
    expect(going.status()).toBe(201);
  }
  await page.goto("/");
  await serviceWorkerControls(page);

  await context.setOffline(true);
  await openInApp(page, "/my-events");
  await expect(page.getByRole("heading", { name: "Not saved for offline yet — connect once" })).toBeVisible();
  await expect(page.getByText("No Events")).toHaveCount(0);
  await shot(page, "my-events-not-saved");

  await context.setOffline(false);
  await expect(page.getByText(`${token} Night 2`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${token} Night 3`)).toBeVisible();
});

test("a chat opened offline shows its last messages, says Offline, and shows the offline banner", async ({
  page,
  context,
  user: _,
}) => {
  test.setTimeout(90_000);
  const token = uniqueToken("chatcopy");
  const group = await createGroup(page.request, { name: `${token} Crew` });
  await page.goto("/");
  await serviceWorkerControls(page);
  // Read once under the service worker's control while the chat is still empty: that is the kept copy.
  await page.goto(`/groups?group=${group.id}`);
  const chat = new GroupsScreen(page);
  await expect(page.getByText("No messages yet. Say hello!")).toBeVisible();
  const connection = page.getByTestId("chat-connection");
  await expect(connection).toHaveText("Live");
  // Written while the chat is open online: the kept copy follows the screen.
  await chat.send(`Meet at the pier ${token}`);
  await expect(chat.messages).toContainText(`Meet at the pier ${token}`);
  // The copy is written to Cache Storage a moment after the screen shows the message; a reload before that
  // write lands would test the race, not the copy.
  await expect
    .poll(() =>
      page.evaluate(async (text) => {
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (!request.url.includes("/api/chat/messages/")) continue;
            if ((await (await cache.match(request))?.text())?.includes(text)) return true;
          }
        }
        return false;
      }, `Meet at the pier ${token}`),
    )
    .toBe(true);

  await context.setOffline(true);
  await expect(connection).toHaveText("Offline");
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  // Offline, the app opens again from the service worker; the chat from its kept copy.
  await page.reload();
  await expect(chat.messages).toContainText(`Meet at the pier ${token}`);
  await expect(page.getByText("No messages yet. Say hello!")).toHaveCount(0);
  await expect(connection).toHaveText("Offline");
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toContainText("You're offline.");
  // Not hidden behind the full-screen conversation: the topmost thing at its centre is the banner.
  const onTop = await banner.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && el.contains(top);
  });
  expect(onTop).toBe(true);
  await shot(page, "chat-offline");
  await context.setOffline(false);
});

test("a message whose stored answer arrives just as the network drops is in the chat's kept copy", async ({
  page,
  context,
  user: _,
}) => {
  test.setTimeout(90_000);
  const token = uniqueToken("lateanswer");
  const group = await createGroup(page.request, { name: `${token} Crew` });
  // The socket's copy of the message is held back: only the send's own answer brings it to the screen.
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (typeof frame === "string" && frame.includes('"new_message"')) return;
      ws.send(frame);
    });
  });
  // The server stores the message at once; its answer reaches the page only once the network is gone.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/chat/messages", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto("/");
  await serviceWorkerControls(page);
  await page.goto(`/groups?group=${group.id}`);
  const chat = new GroupsScreen(page);
  await expect(page.getByText("No messages yet. Say hello!")).toBeVisible();
  const connection = page.getByTestId("chat-connection");
  await expect(connection).toHaveText("Live");

  const text = `Bring a torch ${token}`;
  await chat.send(text);
  await expect.poll(async () => (await page.request.get(`/api/chat/messages/${group.id}`)).text()).toContain(text);
  await context.setOffline(true);
  await expect(connection).toHaveText("Offline");
  release();
  await expect(page.getByTestId("chat-message")).toContainText([text]);
  await expect(page.getByTestId("chat-message-outgoing")).toHaveCount(0);

  await page.reload();
  await expect(chat.messages).toContainText(text);
  await expect(page.getByText("No messages yet. Say hello!")).toHaveCount(0);
  await context.setOffline(false);
});
