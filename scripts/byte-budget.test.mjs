import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGET_FILE, MANIFEST } from "./byte-budget.mjs";

const script = fileURLToPath(new URL("./byte-budget.mjs", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "link-byte-budget-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A built client as Vite writes it: the entry imports the app; the sign-in screen is started lazily. */
function builtClient(name, { authPageBytes }) {
  const dist = path.join(scratch, name);
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  // Random bytes barely compress: a file's gzip size is about its size, so a grown screen shows in the figure.
  const asset = (file, bytes) => writeFileSync(path.join(dist, "assets", file), randomBytes(bytes));
  asset("index.js", 1000);
  asset("react.js", 20_000);
  asset("start.js", 10_000);
  asset("auth-page.js", authPageBytes);
  asset("discover-page.js", 50_000);
  asset("client.css", 3000);
  const manifest = {
    "index.html": {
      file: "assets/index.js",
      src: "index.html",
      isEntry: true,
      imports: ["_react.js"],
      css: ["assets/client.css"],
      dynamicImports: ["start.tsx", "features/auth/auth-page.tsx", "features/discover/discover-page.tsx"],
    },
    "_react.js": { file: "assets/react.js", name: "react" },
    "start.tsx": { file: "assets/start.js", src: "start.tsx", isDynamicEntry: true, imports: ["_react.js"] },
    "features/auth/auth-page.tsx": {
      file: "assets/auth-page.js",
      src: "features/auth/auth-page.tsx",
      isDynamicEntry: true,
      imports: ["_react.js"],
    },
    "features/discover/discover-page.tsx": {
      file: "assets/discover-page.js",
      src: "features/discover/discover-page.tsx",
      isDynamicEntry: true,
    },
  };
  writeFileSync(path.join(dist, MANIFEST), JSON.stringify(manifest));
  return dist;
}

function budgetFile(name, gzipBytes, loads = ["start.tsx", "features/auth/auth-page.tsx"]) {
  const file = path.join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify({ screens: [{ screen: "/auth", loads, gzipBytes }] }));
  return file;
}

const check = (dist, budget) => {
  const result = spawnSync(process.execPath, [script, "--dist", dist, "--budget", budget], { encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};

describe("the first screens' byte budget (npm test runs it on the production build)", () => {
  // Entry, React, the app and the sign-in page with the CSS: ~39 KB. The discover page is another screen's.
  const dist = builtClient("today", { authPageBytes: 5000 });
  const budget = budgetFile("budget", 41_000);

  it("passes a screen within its budget, counting only the files that screen fetches", () => {
    const { code, output } = check(dist, budget);
    expect(code).toBe(0);
    expect(output).toMatch(/ok\s+\/auth\s+38\.\d KB/);
  });

  it("fails when the same screen grows past its budget, naming it and by how much", () => {
    const grown = builtClient("grown", { authPageBytes: 9000 });
    const { code, output } = check(grown, budget);
    expect(code).toBe(1);
    expect(output).toMatch(/OVER\s+\/auth/);
    expect(output).toMatch(/byte budget exceeded: \/auth \d+ bytes over/);
    // Which file to look at first: the grown page is listed with the others.
    expect(output).toContain("assets/auth-page.js");
  });

  it("fails when a lowered budget is under today's figure", () => {
    const { code, output } = check(dist, budgetFile("lowered", 30_000));
    expect(code).toBe(1);
    expect(output).toContain("byte budget exceeded: /auth");
  });

  it("fails when a screen's chunk is missing from the build instead of leaving it out of the figure", () => {
    const { code, output } = check(dist, budgetFile("renamed", 41_000, ["start.tsx", "features/auth/sign-in.tsx"]));
    expect(code).not.toBe(0);
    expect(output).toContain("no chunk for src/client/features/auth/sign-in.tsx");
  });

  it("names, for each screen of the real budget, sources that exist", () => {
    const { screens } = JSON.parse(readFileSync(BUDGET_FILE, "utf8"));
    expect(screens.map((s) => s.screen)).toEqual(["/auth", "/ signed in"]);
    for (const screen of screens) {
      expect(screen.gzipBytes).toBeGreaterThan(0);
      for (const source of screen.loads)
        expect(existsSync(fileURLToPath(new URL(`../src/client/${source}`, import.meta.url)))).toBe(true);
    }
  });
});
