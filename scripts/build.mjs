// `npm run build`: the client (Vite) into dist/client, precompressed, and the server bundled by esbuild into
// dist/server/main.js with its migrations beside it, so production runs `node dist/server/main.js` and needs
// no TypeScript at run time. `--client` or `--server` builds one half (scripts/start.mjs rebuilds what is stale).
// CLIENT_DIST / SERVER_DIST move the output (each Playwright port builds its own copy).
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const clientDist = path.resolve(root, process.env.CLIENT_DIST ?? "dist/client");
export const serverDist = path.resolve(root, process.env.SERVER_DIST ?? "dist/server");

// main.js serves; the others are operators' commands (npm run db:migrate, backup, restore, moderator).
const SERVER_ENTRIES = [
  "src/server/main.ts",
  "src/server/migrate.ts",
  "src/server/backup.ts",
  "src/server/restore.ts",
  "src/server/moderator.ts",
];

/** Text files at least this big get .br and .gz siblings; below it the headers outweigh the gain. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

export async function buildClient({ quiet = false } = {}) {
  // The production client whatever the caller's NODE_ENV: Vite bundles React's development build when it
  // says "test" (Vitest, Playwright), and tests must exercise what users get. The server reads its own.
  process.env.NODE_ENV = "production";
  const { build } = await import("vite");
  // vite.config.ts resolves its paths from the working directory, the repository root.
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: quiet ? "warn" : "info",
    build: { outDir: clientDist, emptyOutDir: true },
  });
  const files = precompress(clientDist);
  await buildFirstScreenRenderer(build);
  const { BUDGET_FILE, screenPreloads } = await import("./byte-budget.mjs");
  writeFileSync(
    path.join(clientDist, "ssr/screen-preloads.json"),
    JSON.stringify(screenPreloads(clientDist, JSON.parse(readFileSync(BUDGET_FILE, "utf8")))),
  );
  return files;
}

/**
 * The app rendered on the server (src/client/entry-server.tsx) into the client's ssr/ folder, one file with
 * its packages inside (production installs omit the client's), which the server's first-screen module loads.
 * Built with the client's config, so every asset and text is the one the browser's bundle names.
 */
async function buildFirstScreenRenderer(build) {
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    ssr: { noExternal: true, target: "node" },
    build: {
      ssr: path.join(root, "src/client/entry-server.tsx"),
      outDir: path.join(clientDist, "ssr"),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { preserveEntrySignatures: "strict", output: { codeSplitting: false } },
    },
  });
}

/** Writes file.br (brotli, best) and file.gz (gzip -9) next to every compressible file, served by @fastify/static's preCompressed. */
export function precompress(dir) {
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    if (content.length < COMPRESS_MIN_BYTES) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
  }
  return files;
}

export async function buildServer() {
  const { build } = await import("esbuild");
  // Built beside the target and swapped in at the end, so a server starting meanwhile never reads half a bundle.
  const staging = `${serverDist}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES.filter((entry) => existsSync(path.join(root, entry))),
    outdir: staging,
    entryNames: "[name]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // node_modules stay where `npm ci --omit=dev` puts them; only our own code is bundled.
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  // db/client.ts looks for migrations beside its own module: src/server/db/migrations, or dist/server/migrations here.
  cpSync(path.join(root, "src/server/db/migrations"), path.join(staging, "migrations"), { recursive: true });
  const previous = `${serverDist}.old-${process.pid}`;
  try {
    renameSync(serverDist, previous);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  renameSync(staging, serverDist);
  rmSync(previous, { recursive: true, force: true });
}

function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function builtAt(file) {
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}

/** Which halves are missing or older than the sources they come from. */
export function staleParts() {
  const inRoot = (...parts) => parts.map((part) => newestMtime(path.join(root, part)));
  // The client bundles its packages, so a changed lock file changes it; the server loads them from node_modules.
  const clientSources = Math.max(...inRoot("src/client", "src/contract", "vite.config.ts", "package-lock.json"));
  const serverSources = Math.max(...inRoot("src/server", "src/contract", "package.json"));
  // A runtime image holds dist/ without src/: what is built there is what runs.
  const hasSources = existsSync(path.join(root, "src"));
  return {
    client: hasSources && builtAt(path.join(clientDist, "index.html")) < clientSources,
    server: hasSources && builtAt(path.join(serverDist, "main.js")) < serverSources,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const quiet = args.includes("--quiet");
  const only = args.filter((arg) => arg === "--client" || arg === "--server");
  const started = performance.now();
  try {
    if (only.length === 0 || only.includes("--client")) {
      const files = await buildClient({ quiet });
      if (!quiet)
        console.log(`client: ${path.relative(root, clientDist)} (${files} files precompressed, brotli + gzip)`);
    }
    if (only.length === 0 || only.includes("--server")) {
      await buildServer();
      if (!quiet) console.log(`server: ${path.relative(root, path.join(serverDist, "main.js"))}`);
    }
  } catch (error) {
    // Vite and esbuild have already printed each error with its file and line.
    console.error(`build failed: ${error.message.split("\n")[0]}`);
    process.exit(1);
  }
  if (!quiet) console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
