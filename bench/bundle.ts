/**
 * What each first screen loads before the page is idle, module by module: the screens and the files of the byte
 * budget (bench/byte-budget.json, counted by scripts/byte-budget.mjs), each file's gzip -9 bytes shared among
 * its modules by their rendered size (after tree-shaking, before minifying; Rolldown's own count), summed by
 * module and by package. Which module to cut first, and what a cut saved.
 *
 *   npx tsx bench/bundle.ts                  # both screens, the 25 biggest modules of each
 *   npx tsx bench/bundle.ts --top 60         # more modules
 *   npx tsx bench/bundle.ts --json out.json  # every module of every screen, for a diff between two trees
 *
 * A module's gzip bytes are an estimate (gzip compresses a file as a whole); each file's total is exact.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { build, type PluginOption } from "vite";
import { BUDGET_FILE, type BudgetScreen, MANIFEST, screenFiles } from "../scripts/byte-budget.mjs";

const { values: opts } = parseArgs({
  options: { top: { type: "string", default: "25" }, json: { type: "string" } },
});
const root = path.resolve(import.meta.dirname, "..");
const outDir = mkdtempSync(path.join(os.tmpdir(), "link-bundle-"));

/** Each output file's modules and their rendered lengths, as the app build writes them. */
const modulesByFile = new Map<string, Map<string, number>>();
const recordModules: PluginOption = {
  name: "link-bench-bundle-modules",
  generateBundle(_options, bundle) {
    for (const [file, chunk] of Object.entries(bundle))
      if (chunk.type === "chunk")
        modulesByFile.set(file, new Map(Object.entries(chunk.modules).map(([id, info]) => [id, info.renderedLength])));
  },
};

/** A module's name for people: its path in its package, or under the repository. */
const shortName = (id: string) =>
  id
    .replace(/^\0/, "")
    .replace(/^.*node_modules\//, "")
    .replace(`${root}/`, "");
/** Its package (`zod`, `@radix-ui/react-tabs`) or, for the app's own code, its folder. */
function ownerOf(id: string) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (inPackage) return inPackage[1];
  const inSource = /\/src\/(contract|client\/(?:features\/[^/]+|[^/]+))/.exec(id);
  return inSource ? `src/${inSource[1]}` : shortName(id);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  await build({
    configFile: path.join(root, "vite.config.ts"),
    plugins: [recordModules],
    logLevel: "warn",
    build: { outDir, emptyOutDir: true },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, MANIFEST), "utf8"));
  const budget = JSON.parse(readFileSync(BUDGET_FILE, "utf8")) as { screens: BudgetScreen[] };
  const report: Record<string, Array<{ module: string; owner: string; gzipBytes: number; renderedBytes: number }>> = {};
  for (const screen of budget.screens) {
    const files = screenFiles(manifest, screen.loads);
    const modules = new Map<string, { gzip: number; rendered: number; owner: string }>();
    let total = 0;
    for (const file of files) {
      const gzip = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
      total += gzip;
      const inFile = modulesByFile.get(file);
      // CSS, and a chunk whose modules render to nothing, count as one item of their own.
      const rendered = inFile ? [...inFile.values()].reduce((sum, n) => sum + n, 0) : 0;
      if (!inFile || rendered === 0) {
        modules.set(file, { gzip, rendered: 0, owner: file });
        continue;
      }
      for (const [id, length] of inFile) {
        const name = shortName(id);
        const seen = modules.get(name) ?? { gzip: 0, rendered: 0, owner: ownerOf(id) };
        modules.set(name, { ...seen, gzip: seen.gzip + (gzip * length) / rendered, rendered: seen.rendered + length });
      }
    }
    const rows = [...modules]
      .map(([module, m]) => ({ module, owner: m.owner, gzipBytes: Math.round(m.gzip), renderedBytes: m.rendered }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    report[screen.screen] = rows;
    const byOwner = new Map<string, number>();
    for (const row of rows) {
      byOwner.set(row.owner, (byOwner.get(row.owner) ?? 0) + row.gzipBytes);
    }
    console.log(
      `\n${screen.screen}: ${kb(total)} gzip -9 before idle in ${files.length} files (budget ${kb(screen.gzipBytes)}), ${rows.length} modules`,
    );
    console.log(
      `  by package or folder: ${[...byOwner]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 16)
        .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
        .join(", ")}`,
    );
    for (const row of rows.slice(0, Number(opts.top)))
      console.log(`  ${kb(row.gzipBytes).padStart(9)}  ${row.module}  (${kb(row.renderedBytes)} rendered)`);
  }
  if (opts.json) writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
