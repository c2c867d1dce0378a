/**
 * The first screen: what a browser downloads for /auth and / signed in, next to React 19 + react-dom alone built
 * by the same Vite config in the same run; how long a phone on a slow network waits for each to show its content
 * and to be usable, on a first and a second open; and Lighthouse mobile performance. All against the production
 * server (`npm run build` output, embedded database with the demo city, signed in as a demo account for /).
 *
 *   npx tsx bench/client.ts                        # everything (downloads lighthouse@12.8.2 through npx once)
 *   npx tsx bench/client.ts --before /tmp/old      # the same rows for another checkout, turn about with this one
 *   npx tsx bench/client.ts --no-lighthouse        # bytes and the slow network only
 *   options: --runs N (Lighthouse runs per page, median reported; default 5), --slow-runs N (slow-network opens
 *            per page, median; default 3), --no-slow-network, --port P (default 5290; --before uses P + 1),
 *            --cpu-slowdown X (Lighthouse's CPU multiplier, default 4 as Lighthouse; each run prints the host's
 *            benchmarkIndex: figures from a loaded host, index far under ~1000, are not comparable)
 *
 * Counts, gzip -9 of each file:
 * - Until the network is idle (the budget's count): every JS and CSS file Chromium fetches when it opens the page
 *   from the production server and nobody touches it, until no request has been made for a while: what a screen
 *   loads after its first paint by itself counts. The service worker is blocked: its precache is the offline
 *   copy, fetched once per version in the background. Beside it, what of that was requested before the page
 *   was first idle after its load event (what waits for idle, such as the account menu, comes after). For this
 *   tree, what those files hold, by package. npm test holds what each screen fetches before it is idle to its
 *   budget in bench/byte-budget.json (scripts/byte-budget.mjs, from the build's manifest: the same count).
 * - Before the first paint (this tree): the entry chunk, every chunk it imports statically (modulepreload), the
 *   chunks main.tsx starts for the address with their static imports, and their CSS; with the biggest packages.
 * The slow network (bench/slow-network.ts): 400 ms round trips, 400 kbit/s each way, Chromium's CPU 4 x slower,
 * 390 x 844. "content" is when the screen's own content is on screen (the deck's top card, the sign-in form),
 * "usable" when the app handles its first control; a second open is the same profile again, service worker
 * installed. Each row prints the host's load average (`uptime`'s first figure) when it ran.
 * Targets: <= 1.6 x the React baseline until the network is idle; usable <= 3 s cold and <= 1 s on a second
 * open; Lighthouse >= 95 (LCP < 2.5 s, TBT < 200 ms, CLS < 0.1).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { build, loadConfigFromFile, type Manifest, type PluginOption } from "vite";
import { BUDGET_FILE, manifestKey } from "../scripts/byte-budget.mjs";
import { type LighthouseRun, lighthouseRun, medianRun, printWhereTimeGoes } from "./lighthouse";
import { assertTree, type ProductionServer, startProductionServer } from "./production-server";
import {
  coldAndSecondOpen,
  type OpenTimes,
  PHONE_ON_A_SLOW_NETWORK,
  type ScreenProbe,
  slowProxy,
} from "./slow-network";

const { values: opts } = parseArgs({
  options: {
    "no-lighthouse": { type: "boolean", default: false },
    "no-slow-network": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    "slow-runs": { type: "string", default: "3" },
    before: { type: "string" },
    // Lighthouse's default is 4 (a mid-range phone on a fast desktop, benchmarkIndex ~1000+); a slower or
    // loaded host can pass a calibrated value (Lighthouse docs/throttling.md). The output names the one used.
    "cpu-slowdown": { type: "string", default: "4" },
    port: { type: "string", default: "5290" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const configFile = path.join(root, "vite.config.ts");
const work = mkdtempSync(path.join(os.tmpdir(), "link-client-bench-"));
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** How long no request may be made before the page counts as settled: Playwright's networkidle, then this again. */
const QUIET_MS = 3000;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files a route needs before it paints: the chunks reachable by static imports from its entries, and their CSS. */
function initialFiles(manifest: Manifest, entries: string[]) {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const e of entries) visit(e);
  return [...files];
}

/** Each output file's modules and their rendered sizes (after tree-shaking, before minifying), by the app build. */
const modulesByFile = new Map<string, Map<string, number>>();
const recordModules: PluginOption = {
  name: "link-bench-record-modules",
  generateBundle(_options, bundle) {
    for (const [file, chunk] of Object.entries(bundle))
      if (chunk.type === "chunk")
        modulesByFile.set(file, new Map(Object.entries(chunk.modules).map(([id, info]) => [id, info.renderedLength])));
  },
};

/** A module's package (`zod`, `@radix-ui/react-tabs`) or, for the app's own code, its folder under src. */
function ownerOf(id: string) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage) return inPackage[1];
  const inSource = /\/src\/(contract|client\/(?:features\/[^/]+|[^/]+))/.exec(id);
  return inSource ? `src/${inSource[1]}` : id.replace(/^\0/, "");
}

async function buildWith(rootDir: string, outDir: string, input?: string) {
  // The baseline is built by the project's config without what only an app has (the PWA's service worker).
  const loaded = input ? await loadConfigFromFile({ command: "build", mode: "production" }, configFile) : null;
  const withoutPwa = (plugins: PluginOption[] = []): PluginOption[] =>
    plugins
      .flat(Number.POSITIVE_INFINITY as 1)
      .filter((p) => !(p && typeof p === "object" && "name" in p && String(p.name).startsWith("vite-plugin-pwa")));
  await build({
    ...(loaded
      ? { ...loaded.config, configFile: false, plugins: withoutPwa(loaded.config.plugins) }
      : { configFile, plugins: [recordModules] }),
    root: rootDir,
    logLevel: "warn",
    build: {
      ...(loaded?.config.build ?? {}),
      outDir,
      emptyOutDir: true,
      manifest: true,
      ...(input ? { rollupOptions: { input } } : {}),
    },
  });
  return JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
}

// The app, built as `npm run build` builds it.
const appOut = path.join(work, "app");
const manifest = await buildWith(path.join(root, "src/client"), appOut);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error("no entry chunk in the manifest");
// The screens and what each starts (main.tsx, start.tsx) are the byte budget's (bench/byte-budget.json), so this
// count and the one npm test holds the build to are the same; a screen chunk missing from the build (renamed)
// fails here as it fails the budget.
const budget = JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as { screens: Array<{ screen: string; loads: string[] }> };
const routes = budget.screens.map((screen) => ({
  label: screen.screen,
  entries: [entryKey, ...screen.loads.map((source) => manifestKey(manifest, source))],
}));

// React 19 + react-dom alone: a tiny entry inside the repository (so it resolves the same node_modules),
// built by the same config.
const baselineDir = path.join(root, `node_modules/.cache/link-bench-react-baseline-${process.pid}`);
mkdirSync(baselineDir, { recursive: true });
writeFileSync(
  path.join(baselineDir, "index.html"),
  `<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>`,
);
writeFileSync(
  path.join(baselineDir, "main.tsx"),
  `import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root") as HTMLElement).render(<p>Hello</p>);\n`,
);
const baselineManifest = await buildWith(
  baselineDir,
  path.join(work, "baseline"),
  path.join(baselineDir, "index.html"),
);
const baselineEntry = Object.keys(baselineManifest).find((k) => baselineManifest[k].isEntry) as string;
const baselineBytes = initialFiles(baselineManifest, [baselineEntry]).reduce(
  (sum, f) => sum + gz(path.join(work, "baseline", f)),
  0,
);
rmSync(baselineDir, { recursive: true, force: true });

const times = (bytes: number) => `${(bytes / baselineBytes).toFixed(2)} x React`;
console.log(
  `\nBefore the first paint: JS + CSS (gzip -9) against React 19 + react-dom alone (${kb(baselineBytes)}), same Vite config`,
);
for (const r of routes) {
  const files = initialFiles(manifest, r.entries);
  const bytes = files.reduce((sum, f) => sum + gz(path.join(appOut, f)), 0);
  console.log(`  ${r.label.padEnd(14)} ${kb(bytes).padStart(9)}  ${times(bytes)}   (${files.length} files)`);
  for (const f of files
    .map((file) => ({ file, bytes: gz(path.join(appOut, file)) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 6)) {
    console.log(`      ${kb(f.bytes).padStart(9)}  ${f.file}`);
  }
  // What the bytes are: the biggest packages and app folders in these files, before minifying and gzip.
  const byOwner = new Map<string, number>();
  for (const file of files)
    for (const [id, size] of modulesByFile.get(file) ?? [])
      byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + size);
  const biggest = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log(
    `      biggest, rendered before minifying: ${biggest.map(([owner, size]) => `${owner} ${kb(size)}`).join(", ")}`,
  );
}

interface Screen {
  label: string;
  path: string;
  signedIn: boolean;
  probe: ScreenProbe;
}
const SCREENS: Screen[] = [
  {
    label: "/auth",
    path: "/auth",
    signedIn: false,
    probe: { content: 'form input[name="username"]', control: 'form input[name="username"]' },
  },
  {
    label: "/ signed in",
    path: "/",
    signedIn: true,
    probe: { content: '[data-testid="swipe-card"] h2', control: '[data-testid="swipe-card"] button' },
  },
];

/** Every JS and CSS file Chromium fetches for each page until the network is idle, against the React baseline. */
async function untilNetworkIdle() {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  console.log("\nFetched until the network is idle (Chromium, no input): JS + CSS, gzip -9; target <= 1.6 x React");
  try {
    for (const screen of SCREENS)
      for (const server of servers) {
        const context = await browser.newContext({ serviceWorkers: "block" });
        if (screen.signedIn) await context.addCookies([{ ...server.session, url: server.origin }]);
        const tab = await context.newPage();
        // When the page is first idle after its load event: what starts later waited for it.
        await tab.addInitScript(
          "addEventListener('load', () => requestIdleCallback(() => { window.__idleAt = performance.timeOrigin + performance.now(); }));",
        );
        const files = new Map<string, number>();
        tab.on("request", (request) => {
          const { pathname } = new URL(request.url());
          if (request.url().startsWith(server.origin) && /\.(js|css)$/.test(pathname) && !files.has(pathname))
            files.set(pathname, Date.now());
        });
        await tab.goto(`${server.origin}${screen.path}`, { waitUntil: "networkidle" });
        // What a screen starts after its first render (a lazy chunk, the realtime schema) comes a little later.
        await tab.waitForTimeout(QUIET_MS);
        await tab.waitForLoadState("networkidle");
        const idleAt = Number(await tab.evaluate(() => (globalThis as { __idleAt?: number }).__idleAt ?? Infinity));
        await context.close();
        const sized = [...files]
          .map(([file, at]) => ({
            file: file.replace(/^\//, ""),
            bytes: gz(path.join(server.clientDist, file)),
            beforeIdle: at < idleAt,
          }))
          .sort((a, b) => b.bytes - a.bytes);
        const bytes = sized.reduce((sum, f) => sum + f.bytes, 0);
        const beforeIdle = sized.filter((f) => f.beforeIdle).reduce((sum, f) => sum + f.bytes, 0);
        console.log(
          `  ${screen.label.padEnd(12)} ${server.label.padEnd(6)} ${kb(bytes).padStart(9)}  ${times(bytes)}   (${sized.length} files; before the page was idle ${kb(beforeIdle)}, ${times(beforeIdle)}; load ${load()})`,
        );
        if (server.label !== "after") continue;
        for (const f of sized.slice(0, 10))
          console.log(`      ${kb(f.bytes).padStart(9)}  ${f.file}${f.beforeIdle ? "" : "  (once idle)"}`);
        // What the screen loads, by package and app folder (rendered sizes before minifying), for this tree.
        const byOwner = new Map<string, number>();
        for (const { file } of sized)
          for (const [id, size] of modulesByFile.get(file) ?? [])
            byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + size);
        const biggest = [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 14);
        console.log(`      what it holds: ${biggest.map(([owner, size]) => `${owner} ${kb(size)}`).join(", ")}`);
      }
  } finally {
    await browser.close();
  }
}

/** Each screen opened cold and a second time on the slow network, each tree in turn; the median of the runs. */
async function onASlowNetwork() {
  const network = PHONE_ON_A_SLOW_NETWORK;
  const runs = Number(opts["slow-runs"]);
  console.log(
    `\nOn a slow network (${network.rttMs} ms round trips, ${network.kbps} kbit/s, CPU ${network.cpuSlowdown} x slower), median of ${runs}: content shown / usable; target usable <= 3 s cold, <= 1 s on a second open`,
  );
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  const proxies = await Promise.all(servers.map((s) => slowProxy(s.port, network)));
  const results = new Map<string, Array<{ cold: OpenTimes; second: OpenTimes; load: string }>>();
  try {
    for (let i = 0; i < runs; i++)
      for (const screen of SCREENS)
        for (const [s, server] of servers.entries()) {
          const origin = `http://127.0.0.1:${proxies[s].port}`;
          const opened = await coldAndSecondOpen({
            browser,
            origin,
            path: screen.path,
            cookie: screen.signedIn ? server.session : null,
            probe: screen.probe,
          });
          const key = `${screen.label}|${server.label}`;
          results.set(key, [...(results.get(key) ?? []), { ...opened, load: load() }]);
        }
  } finally {
    await Promise.all(proxies.map((p) => p.close()));
    await browser.close();
  }
  const seconds = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(2)} s`);
  const median = (values: Array<number | null>) => {
    const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
    const m = sorted[Math.floor(sorted.length / 2)];
    return Number.isFinite(m) ? m : null;
  };
  for (const screen of SCREENS)
    for (const server of servers) {
      const rows = results.get(`${screen.label}|${server.label}`) ?? [];
      const pick = (open: "cold" | "second", mark: keyof OpenTimes) => median(rows.map((r) => r[open][mark]));
      const line = (open: "cold" | "second") =>
        `${open} FCP ${seconds(pick(open, "fcp"))}, content ${seconds(pick(open, "content"))}, usable ${seconds(pick(open, "usable"))} (tasks > 50 ms before: ${pick(open, "longTasks")}, longest ${pick(open, "longestTask")} ms)`;
      console.log(
        `  ${screen.label.padEnd(12)} ${server.label.padEnd(6)} ${line("cold")};  ${line("second")}   (load ${rows.map((r) => r.load).join(", ")})`,
      );
    }
}

/** Lighthouse runs of each page, the trees turn about; the median run of each, and where its time went. */
async function lighthouse() {
  const cpu = opts["cpu-slowdown"] ?? "4";
  console.log(
    `\nLighthouse 12.8.2, mobile (simulated 4G, CPU slowdown ${cpu} x), performance only, median of ${opts.runs} runs; target >= 95`,
  );
  for (const screen of SCREENS) {
    const runs = new Map<string, Array<LighthouseRun & { load: string }>>(servers.map((s) => [s.label, []]));
    for (let i = 0; i < Number(opts.runs); i++)
      for (const server of servers) {
        const headers: Record<string, string> = screen.signedIn
          ? { Cookie: `${server.session.name}=${server.session.value}` }
          : {};
        runs
          .get(server.label)
          ?.push({ ...lighthouseRun(`${server.origin}${screen.path}`, headers, cpu), load: load() });
      }
    for (const server of servers) {
      const all = runs.get(server.label) ?? [];
      const m = medianRun(all);
      console.log(
        `  ${screen.label.padEnd(12)} ${server.label.padEnd(6)} score ${m.score}  FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}   (runs: ${all.map((r) => r.score).join(", ")}; benchmarkIndex ${all.map((r) => r.host).join(", ")}; load ${all.map((r) => r.load).join(", ")})`,
      );
      printWhereTimeGoes(m);
    }
  }
}

const load = () => os.loadavg()[0].toFixed(1);
const servers: Array<ProductionServer & { stop: () => void }> = [];
try {
  if (opts.before) assertTree(path.resolve(opts.before));
  servers.push(await startProductionServer({ label: "after", tree: root, port: Number(opts.port), work }));
  if (opts.before)
    servers.push(
      await startProductionServer({
        label: "before",
        tree: path.resolve(opts.before),
        port: Number(opts.port) + 1,
        work,
      }),
    );
  await untilNetworkIdle();
  if (!opts["no-slow-network"]) await onASlowNetwork();
  if (!opts["no-lighthouse"]) await lighthouse();
} finally {
  for (const server of servers) server.stop();
  rmSync(work, { recursive: true, force: true });
}
process.exit(0);
