// The first screens' byte budget, which `npm test` holds the production build to: for each screen in
// bench/byte-budget.json, the JS + CSS a browser fetches before the page is first idle (gzip -9, as
// scripts/build.mjs precompresses), read from the build's Vite manifest: the entry (index.html), every chunk
// it imports statically, and the chunks main.tsx and start.tsx start for the screen's address with their own
// static imports and CSS. What a screen loads once the page is idle (the toasts, the account menu, zod for
// the forms) is not counted: it no longer delays the first screen. bench/client.ts checks the same figure
// against what Chromium fetches.
//
//   node scripts/byte-budget.mjs [--dist dist/client] [--budget bench/byte-budget.json]
//
// Exits 1, naming the screen, its figure and its budget, when a screen is over its budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUDGET_FILE = path.join(root, "bench/byte-budget.json");
export const MANIFEST = ".vite/manifest.json";

/**
 * The manifest key of a source under src/client (`start.tsx`, `features/auth/auth-page.tsx`). A module loaded
 * lazily from two places can share a chunk with others, listed under the chunk's name rather than its source.
 */
export function manifestKey(manifest, source) {
  const keys = Object.keys(manifest);
  const found =
    keys.find((key) => key === source || key.endsWith(`/${source}`)) ??
    keys.find((key) => !manifest[key].src && manifest[key].name === path.basename(source).replace(/\.tsx?$/, ""));
  // A screen renamed or moved must fail the check, not leave its chunk out and shrink the figure.
  if (!found) throw new Error(`byte budget: no chunk for src/client/${source} in the build's manifest (renamed?)`);
  return found;
}

/** Files fetched for `sources` before idle: each one's chunk, its static imports (transitively) and their CSS. */
export function screenFiles(manifest, sources) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("byte budget: no entry chunk in the build's manifest");
  visit(entry);
  for (const source of sources) visit(manifestKey(manifest, source));
  return [...files];
}

/**
 * For each screen with a `path`: the script files it loads before idle that index.html does not already name. The
 * server writes them into the screen's drawn page as modulepreload links, so the browser fetches them while it
 * parses the HTML instead of after the entry has run (a round trip later on a phone's network), and the entry's
 * preload helper finds them in the page instead of adding each one itself.
 */
export function screenPreloads(dist, budget) {
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST), "utf8"));
  const inIndex = new Set(screenFiles(manifest, []));
  return Object.fromEntries(
    budget.screens
      .filter((screen) => screen.path)
      .map((screen) => [
        screen.path,
        screenFiles(manifest, screen.loads).filter((file) => file.endsWith(".js") && !inIndex.has(file)),
      ]),
  );
}

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every screen of the budget with its files, their gzip bytes, and whether it is within its budget. */
export function measureScreens(dist, budget) {
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST), "utf8"));
  return budget.screens.map((screen) => {
    const files = screenFiles(manifest, screen.loads)
      .map((file) => ({ file, bytes: gzipBytes(path.join(dist, file)) }))
      .sort((a, b) => b.bytes - a.bytes);
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    return { screen: screen.screen, bytes, budget: screen.gzipBytes, files, over: bytes > screen.gzipBytes };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: process.env.CLIENT_DIST ?? "dist/client" },
      budget: { type: "string", default: BUDGET_FILE },
      verbose: { type: "boolean", default: false },
    },
  });
  const budget = JSON.parse(readFileSync(values.budget, "utf8"));
  const results = measureScreens(path.resolve(root, values.dist), budget);
  for (const r of results) {
    const share = `${Math.round((r.bytes / r.budget) * 100)} % of ${kb(r.budget)}`;
    console.log(
      `${r.over ? "OVER" : "ok  "} ${r.screen.padEnd(14)} ${kb(r.bytes).padStart(9)}  ${share}  (${r.files.length} files)`,
    );
    if (r.over || values.verbose) for (const f of r.files) console.log(`       ${kb(f.bytes).padStart(9)}  ${f.file}`);
  }
  const over = results.filter((r) => r.over);
  if (over.length) {
    console.error(
      `\nbyte budget exceeded: ${over.map((r) => `${r.screen} ${r.bytes - r.budget} bytes over`).join(", ")}.` +
        ` Load what the screen does not draw once the page is idle, or raise ${path.relative(root, values.budget)} with a reason.`,
    );
    process.exit(1);
  }
}
