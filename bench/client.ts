/**
 * The first screen: what a browser downloads before it can paint /auth and Discover (/), next to React 19
 * + react-dom alone built by the same Vite config in the same run, then Lighthouse mobile performance
 * against the production server (`npm run build` output, embedded database with the demo city, signed in
 * as a demo account for /).
 *
 *   npx tsx bench/client.ts                  # sizes + Lighthouse (downloads lighthouse@12.8.2 through npx once)
 *   npx tsx bench/client.ts --no-lighthouse  # sizes only
 *   options: --runs N (Lighthouse runs per page, median reported; default 3), --port P (default 5290),
 *            --cpu-slowdown X (Lighthouse's CPU multiplier, default 4 as Lighthouse; each run prints the host's
 *            benchmarkIndex: figures from a loaded host, index far under ~1000, are not comparable)
 *
 * Two counts, gzip -9 of each file:
 * - Until the network is idle (the budget's count): every JS and CSS file Chromium fetches when it opens the page
 *   from the production server and nobody touches it, until no request has been made for a while: what a screen
 *   loads after its first paint by itself (animation features, the realtime schema, what waits for the page to
 *   be idle such as a menu or a form's validation) counts. The service worker is blocked: its precache is the
 *   offline copy, fetched once per version in the background.
 * - Before the first paint: the entry chunk, every chunk it imports statically (modulepreload), the chunks
 *   main.tsx starts for the address (the app in start.tsx; the screen, and for Discover the members' app shell)
 *   with their static imports, and their CSS; with the biggest packages and app folders in them.
 * Targets: <= 1.6 x the React baseline until the network is idle; Lighthouse >= 95 (LCP < 2.5 s, TBT < 200 ms,
 * CLS < 0.1).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { build, loadConfigFromFile, type Manifest, type PluginOption } from "vite";

const { values: opts } = parseArgs({
  options: {
    "no-lighthouse": { type: "boolean", default: false },
    runs: { type: "string", default: "3" },
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
const lhDir = path.join(os.tmpdir(), "link-lighthouse");
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
// Keys are paths under src/client.
// A screen imported lazily from two places (main.tsx prefetches Discover) can be merged into a common chunk, which
// the manifest lists under its chunk's name instead of its source.
const keyOf = (file: string) =>
  Object.keys(manifest).find((k) => k === file || k.endsWith(`/${file}`)) ??
  Object.keys(manifest).find(
    (k) => !manifest[k].src && manifest[k].name === path.basename(file).replace(/\.tsx?$/, ""),
  );
// The entry only starts downloads (main.tsx): the app itself (start.tsx) and the address's screen chunks
// (Discover with the members' app shell, or the sign-in page) load in parallel and all count.
// A screen renamed or moved must fail the bench, not leave its chunk out and shrink the figure.
const lazyChunks = (...files: string[]) =>
  files.map((file) => {
    const key = keyOf(file);
    if (!key) throw new Error(`bench/client.ts: no chunk for src/client/${file} in the build's manifest (renamed?)`);
    return key;
  });
const routes = [
  { label: "/auth", entries: [entryKey, ...lazyChunks("start.tsx", "features/auth/auth-page.tsx")] },
  {
    label: "/ (Discover)",
    entries: [
      entryKey,
      ...lazyChunks("start.tsx", "features/discover/discover-page.tsx", "features/shell/app-shell.tsx"),
    ],
  },
];

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

await withProductionServer(async (server) => {
  await untilNetworkIdle(server);
  if (!opts["no-lighthouse"]) await lighthouse(server);
});
rmSync(work, { recursive: true, force: true });
process.exit(0);

type ProductionServer = {
  origin: string;
  clientDist: string;
  pages: Array<{ label: string; url: string; headers: Record<string, string> }>;
};

/** `npm run build`'s output served with the demo city, and the pages to open: /auth, and / signed in as a demo account. */
async function withProductionServer(use: (server: ProductionServer) => Promise<void>) {
  const port = Number(opts.port);
  const origin = `http://127.0.0.1:${port}`;
  const clientDist = path.join(work, "prod-client");
  // Inside the repository: the bundled server resolves its packages from node_modules.
  const serverDist = path.join(root, `node_modules/.cache/link-bench-client-server-${process.pid}`);
  const dataDir = path.join(work, "data");
  const env = { ...process.env, CLIENT_DIST: clientDist, SERVER_DIST: serverDist };
  // The production build: precompressed assets and the bundled server when scripts/build.mjs provides them.
  const bundled = existsSync(path.join(root, "scripts/build.mjs"));
  if (bundled)
    execFileSync(process.execPath, [path.join(root, "scripts/build.mjs"), "--quiet"], {
      cwd: root,
      env,
      stdio: "inherit",
    });
  else await buildWith(path.join(root, "src/client"), clientDist);
  const serverArgs =
    bundled && existsSync(path.join(serverDist, "main.js"))
      ? [path.join(serverDist, "main.js")]
      : [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "src/server/main.ts")];
  const server: ChildProcess = spawn(process.execPath, serverArgs, {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED: "true",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${origin}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error("server did not become ready");
      await new Promise((r) => setTimeout(r, 500));
    }
    const login = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ username: "alex", password: "linkdemo" }),
    });
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith("link_session=")) ?? "").split(";")[0];
    if (!cookie) throw new Error(`demo login failed: ${login.status}`);
    await use({
      origin,
      clientDist,
      pages: [
        { label: "/auth", url: `${origin}/auth`, headers: {} },
        { label: "/ signed in", url: `${origin}/`, headers: { Cookie: cookie } },
      ],
    });
  } finally {
    server.kill("SIGTERM");
    rmSync(serverDist, { recursive: true, force: true });
  }
}

/** Every JS and CSS file Chromium fetches for each page until the network is idle, against the React baseline. */
async function untilNetworkIdle({ origin, clientDist, pages }: ProductionServer) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  console.log(
    `\nFetched until the network is idle (Chromium, no input): JS + CSS, gzip -9; target <= 1.6 x React; load ${os.loadavg()[0].toFixed(1)}`,
  );
  try {
    for (const page of pages) {
      const context = await browser.newContext({ serviceWorkers: "block", extraHTTPHeaders: page.headers });
      const tab = await context.newPage();
      const files = new Set<string>();
      tab.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (request.url().startsWith(origin) && /\.(js|css)$/.test(pathname)) files.add(pathname);
      });
      await tab.goto(page.url, { waitUntil: "networkidle" });
      // What a screen starts after its first render (a lazy chunk, the realtime schema) comes a little later.
      await tab.waitForTimeout(QUIET_MS);
      await tab.waitForLoadState("networkidle");
      await context.close();
      const sized = [...files]
        .map((file) => ({ file, bytes: gz(path.join(clientDist, file)) }))
        .sort((a, b) => b.bytes - a.bytes);
      const bytes = sized.reduce((sum, f) => sum + f.bytes, 0);
      console.log(`  ${page.label.padEnd(14)} ${kb(bytes).padStart(9)}  ${times(bytes)}   (${sized.length} files)`);
      for (const f of sized.slice(0, 8)) console.log(`      ${kb(f.bytes).padStart(9)}  ${f.file.replace(/^\//, "")}`);
    }
  } finally {
    await browser.close();
  }
}

async function lighthouse({ pages }: ProductionServer) {
  mkdirSync(lhDir, { recursive: true });
  console.log(
    `\nLighthouse 12.8.2, mobile (simulated 4G, CPU slowdown ${opts["cpu-slowdown"]} x), performance only, median of ${opts.runs} runs; target >= 95`,
  );
  for (const page of pages) {
    const runs: Array<{
      score: number;
      lcp: number;
      tbt: number;
      cls: number;
      fcp: number;
      host: number;
      report: LighthouseReport;
    }> = [];
    // A run that fails to record a trace (NO_NAVSTART happens on a loaded host) is tried again, up to twice.
    for (let i = 0, failures = 0; i < Number(opts.runs); i++) {
      const out = path.join(lhDir, `report-${i}.json`);
      rmSync(out, { force: true });
      const report = runLighthouse(page, out);
      if (!report) {
        if (++failures > 2) throw new Error(`Lighthouse failed three times on ${page.label}`);
        i--;
        continue;
      }
      const audit = (id: string) => report.audits[id]?.numericValue as number;
      runs.push({
        score: Math.round(report.categories.performance.score * 100),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        host: Math.round(report.environment.benchmarkIndex),
        report,
      });
    }
    runs.sort((a, b) => a.score - b.score);
    const m = runs[Math.floor(runs.length / 2)];
    console.log(
      `  ${page.label.padEnd(12)} score ${m.score}  FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  CLS ${m.cls.toFixed(3)}   (runs: ${runs.map((r) => r.score).join(", ")}; host benchmarkIndex ${runs.map((r) => r.host).join(", ")}; load ${os.loadavg()[0].toFixed(1)})`,
    );
    printWhereTimeGoes(m.report);
  }
}

type LighthouseReport = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
  environment: { benchmarkIndex: number };
};

/** The median run's main-thread time by kind and by script (simulated phone), and what its LCP was. */
function printWhereTimeGoes(report: LighthouseReport) {
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`;
  const byKind = items("mainthread-work-breakdown")
    .slice(0, 5)
    .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  console.log(`      main thread: ${byKind.join(", ")}`);
  const byScript = items("bootup-time")
    .slice(0, 5)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${ms(i.scripting)} scripting`);
  console.log(`      scripts: ${byScript.join(", ")}`);
  const lcp = items("largest-contentful-paint-element")[0] as
    | { items?: Array<{ node?: { snippet?: string } }> }
    | undefined;
  const snippet = lcp?.items?.[0]?.node?.snippet;
  if (snippet) console.log(`      LCP element: ${snippet.slice(0, 120)}`);
}

function runLighthouse(page: { url: string; headers: Record<string, string> }, out: string) {
  try {
    execFileSync(
      "npx",
      [
        "-y",
        "lighthouse@12.8.2",
        page.url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--extra-headers=${JSON.stringify(page.headers)}`,
        "--chrome-flags=--headless --no-sandbox",
        `--throttling.cpuSlowdownMultiplier=${opts["cpu-slowdown"]}`,
      ],
      {
        cwd: lhDir,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    return JSON.parse(readFileSync(out, "utf8")) as LighthouseReport;
  } catch (error) {
    console.warn(
      `  Lighthouse run failed (${error instanceof Error ? error.message.split("\n")[0] : error}); trying again`,
    );
    return null;
  }
}
