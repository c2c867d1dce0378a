/**
 * A phone on a slow network, for bench/client.ts: a TCP proxy in front of the production server that gives
 * every connection the round trip and every byte the bandwidth of a poor mobile link, and Chromium opening a
 * page through it with its CPU slowed down, timing when the screen shows its content and when it is usable.
 *
 * The proxy, not Chromium's own network emulation: the emulation of a page does not reach its service worker,
 * whose fetches (the second open's HTML and API reads) would then run at full speed. Through the proxy, every
 * byte the browser moves, page or worker, shares one link: each segment waits for the link to be free, takes
 * its size at the link's rate, then half a round trip; a new connection waits one round trip (TCP's handshake).
 */
import net from "node:net";
import type { Browser, BrowserContext, Page } from "@playwright/test";

export interface SlowNetwork {
  /** Round trip, milliseconds. */
  rttMs: number;
  /** Each direction's bandwidth, kilobits per second. */
  kbps: number;
  /** Chromium's CPU slowdown (Emulation.setCPUThrottlingRate). */
  cpuSlowdown: number;
}

export const PHONE_ON_A_SLOW_NETWORK: SlowNetwork = { rttMs: 400, kbps: 400, cpuSlowdown: 4 };

/** TCP's usual payload per segment: the unit the link interleaves connections by. */
const SEGMENT_BYTES = 1460;

/** One direction of the link: segments from every connection queue for it in the order they arrive. */
function linkDirection({ rttMs, kbps }: SlowNetwork) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  let freeAt = 0;
  return (chunk: Buffer, deliver: (segment: Buffer) => void) => {
    for (let at = 0; at < chunk.length; at += SEGMENT_BYTES) {
      const segment = chunk.subarray(at, at + SEGMENT_BYTES);
      const start = Math.max(performance.now(), freeAt);
      freeAt = start + segment.length / bytesPerMs;
      setTimeout(() => deliver(segment), freeAt + rttMs / 2 - performance.now());
    }
  };
}

/** Listens on a free port and forwards to `targetPort` through the slow link; `close()` ends it and its sockets. */
export async function slowProxy(targetPort: number, network: SlowNetwork) {
  const up = linkDirection(network);
  const down = linkDirection(network);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    const ready = new Promise((resolve) => setTimeout(resolve, network.rttMs));
    client.on(
      "data",
      (chunk: Buffer) => void ready.then(() => up(chunk, (s) => upstream.destroyed || upstream.write(s))),
    );
    upstream.on("data", (chunk: Buffer) => down(chunk, (s) => client.destroyed || client.write(s)));
    // A close is delivered after the bytes before it: it rides the same link, a moment behind them.
    const later = (end: () => void) => setTimeout(end, network.rttMs + 50);
    client.on("end", () => later(() => upstream.end()));
    upstream.on("end", () => later(() => client.end()));
    for (const s of [client, upstream])
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      }).on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** What a screen shows when it has its content, and the control that makes it usable once the app handles it. */
export interface ScreenProbe {
  /** An element of the screen's own content (a card's title, the sign-in form): not a spinner, not a skeleton. */
  content: string;
  /** The control a person uses first; usable once React has attached its handlers to it. */
  control: string;
}

export interface OpenTimes {
  /** First contentful paint. */
  fcp: number | null;
  /** When the content element was first in the page and visible. */
  content: number | null;
  /** When the control was in the page with the app's handlers on it. */
  usable: number | null;
  /** Largest contentful paint. */
  lcp: number | null;
  /** The main thread's tasks over 50 ms until usable: how many, and the longest (ms). */
  longTasks: number;
  longestTask: number;
}

/**
 * Runs in the page before any of its scripts: notes when the content appears and when the control is the app's
 * (React keeps its props on the element under a `__reactProps$` key once it has rendered or hydrated it). A check
 * every 20 ms is cheap against the page's own work, even at 4 x slowdown.
 */
const probeScript = ({ content, control }: ScreenProbe) => `(() => {
  const marks = (window.__firstScreen = { fcp: null, content: null, usable: null, lcp: null, longTasks: 0, longestTask: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (marks.usable === null) { marks.longTasks += 1; marks.longestTask = Math.max(marks.longestTask, Math.round(e.duration)); } }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === "first-contentful-paint") marks.fcp = e.startTime; }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) marks.lcp = e.startTime; }).observe({ type: "largest-contentful-paint", buffered: true });
  const visible = (el) => !!el && el.getClientRects().length > 0;
  const timer = setInterval(() => {
    if (marks.content === null && visible(document.querySelector(${JSON.stringify(content)}))) marks.content = performance.now();
    const c = document.querySelector(${JSON.stringify(control)});
    if (marks.usable === null && visible(c) && Object.keys(c).some((k) => k.startsWith("__reactProps$"))) marks.usable = performance.now();
    if (marks.content !== null && marks.usable !== null) clearInterval(timer);
  }, 20);
})();`;

async function slowedPage(context: BrowserContext, network: SlowNetwork, probe: ScreenProbe) {
  const page = await context.newPage();
  await page.addInitScript(probeScript(probe));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: network.cpuSlowdown });
  return page;
}

async function timesOf(page: Page, url: string, timeoutMs: number): Promise<OpenTimes> {
  await page.goto(url, { waitUntil: "commit", timeout: timeoutMs });
  // Polled from here: the page's CSP forbids the string evaluation page.waitForFunction uses.
  const marks = () => page.evaluate(() => (globalThis as unknown as { __firstScreen?: OpenTimes }).__firstScreen);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const m = await marks().catch(() => undefined);
    if (m && m.content !== null && m.usable !== null) break;
    await page.waitForTimeout(100);
  }
  // LCP settles at the first input or when the page is hidden; a moment more lets a late image land.
  await page.waitForTimeout(500);
  return (await marks()) as OpenTimes;
}

/**
 * A first open (empty caches, no service worker) and a second open (the same browser profile, the service
 * worker installed and its precache done, the HTTP cache kept), each on the slow network. `origin` is the
 * slow proxy's; `cookie` signs the person in.
 */
export async function coldAndSecondOpen({
  browser,
  origin,
  path,
  cookie,
  probe,
  network = PHONE_ON_A_SLOW_NETWORK,
  timeoutMs = 90_000,
}: {
  browser: Browser;
  origin: string;
  path: string;
  cookie: { name: string; value: string } | null;
  probe: ScreenProbe;
  network?: SlowNetwork;
  timeoutMs?: number;
}): Promise<{ cold: OpenTimes; second: OpenTimes }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url: origin }]);
    const first = await slowedPage(context, network, probe);
    const cold = await timesOf(first, `${origin}${path}`, timeoutMs);
    // The app registers its service worker once the page has loaded; the second open is the one it serves.
    // Active and controlling the page means its install, the precache, is complete.
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await first.waitForTimeout(200)) {
      const controlled = await first.evaluate(
        () =>
          (globalThis as { navigator?: { serviceWorker?: { controller: unknown } } }).navigator?.serviceWorker
            ?.controller != null,
      );
      if (controlled) break;
    }
    // Whatever the app keeps on the device when it leaves a screen (the page is hidden, then closed).
    await first.close({ runBeforeUnload: true });
    const again = await slowedPage(context, network, probe);
    const second = await timesOf(again, `${origin}${path}`, timeoutMs);
    return { cold, second };
  } finally {
    await context.close();
  }
}
