// Types of scripts/byte-budget.mjs for the benchmarks written in TypeScript (bench/client.ts, bench/bundle.ts).

/** A Vite manifest (`.vite/manifest.json`): chunk key -> its file, static imports and CSS. */
type Manifest = Record<
  string,
  { file: string; src?: string; name?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;

export interface BudgetScreen {
  screen: string;
  /** Sources under src/client that main.tsx and start.tsx start for the screen's address. */
  loads: string[];
  /** The address the server draws the screen at (its drawn page preloads the screen's chunks). */
  path?: string;
  gzipBytes: number;
}

export const BUDGET_FILE: string;
export const MANIFEST: string;
export function manifestKey(manifest: Manifest, source: string): string;
export function screenFiles(manifest: Manifest, sources: string[]): string[];
export function screenPreloads(dist: string, budget: { screens: BudgetScreen[] }): Record<string, string[]>;
export function measureScreens(
  dist: string,
  budget: { screens: BudgetScreen[] },
): Array<{
  screen: string;
  bytes: number;
  budget: number;
  files: Array<{ file: string; bytes: number }>;
  over: boolean;
}>;
