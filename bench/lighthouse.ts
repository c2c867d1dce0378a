/**
 * Lighthouse mobile (12.8.2 through npx, simulated 4G and CPU slowdown), performance only, for bench/client.ts:
 * one run of a page, and where its main-thread time went.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const lhDir = path.join(os.tmpdir(), "link-lighthouse");

export interface LighthouseRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The host's benchmarkIndex: far under ~1 000, the figures say more about the load than the page. */
  host: number;
  report: LighthouseReport;
}

type LighthouseReport = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
  environment: { benchmarkIndex: number };
};

/** One run; a run that fails to record a trace (NO_NAVSTART happens on a loaded host) is tried again, up to twice. */
export function lighthouseRun(url: string, headers: Record<string, string>, cpuSlowdown: string): LighthouseRun {
  mkdirSync(lhDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    const out = path.join(lhDir, `report-${process.pid}.json`);
    rmSync(out, { force: true });
    const report = runOnce(url, headers, cpuSlowdown, out);
    if (!report) continue;
    const audit = (id: string) => report.audits[id]?.numericValue as number;
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      tbt: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      host: Math.round(report.environment.benchmarkIndex),
      report,
    };
  }
  throw new Error(`Lighthouse failed three times on ${url}`);
}

function runOnce(url: string, headers: Record<string, string>, cpuSlowdown: string, out: string) {
  try {
    execFileSync(
      "npx",
      [
        "-y",
        "lighthouse@12.8.2",
        url,
        "--only-categories=performance",
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        `--extra-headers=${JSON.stringify(headers)}`,
        "--chrome-flags=--headless --no-sandbox",
        `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
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

/** The median run by score. */
export function medianRun(runs: LighthouseRun[]) {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The run's main-thread time by kind and by script (simulated phone), and what its LCP was. */
export function printWhereTimeGoes({ report }: LighthouseRun) {
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`;
  const byKind = items("mainthread-work-breakdown")
    .slice(0, 5)
    .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`);
  console.log(`        main thread: ${byKind.join(", ")}`);
  const byScript = items("bootup-time")
    .slice(0, 5)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${ms(i.scripting)} scripting`);
  console.log(`        scripts: ${byScript.join(", ")}`);
  const longTasks = items("long-tasks")
    .slice(0, 5)
    .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${ms(i.duration)}`);
  if (longTasks.length > 0) console.log(`        longest tasks: ${longTasks.join(", ")}`);
  const lcp = items("largest-contentful-paint-element")[0] as
    | { items?: Array<{ node?: { snippet?: string } }> }
    | undefined;
  const snippet = lcp?.items?.[0]?.node?.snippet;
  if (snippet) console.log(`        LCP element: ${snippet.slice(0, 120)}`);
}
