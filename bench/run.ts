/**
 * `npm run bench`: the benchmarks one after another, each in its own process with its own table
 * (docs/benchmarks.md says what each measures). Names pick some of them, in the order given; what
 * follows `--` goes to each one picked:
 *
 *   npm run bench                                   # feed, sockets, client, startup, matching with their defaults
 *   npm run bench -- sockets feed                   # only these two
 *   npm run bench -- feed -- --size 10000 --seconds 2
 *
 * A benchmark that fails stops the run with its exit status.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const BENCHMARKS = ["feed", "sockets", "client", "startup", "matching"] as const;
type Benchmark = (typeof BENCHMARKS)[number];

const args = process.argv.slice(2);
const split = args.indexOf("--");
const names = split === -1 ? args : args.slice(0, split);
const passed = split === -1 ? [] : args.slice(split + 1);
const unknown = names.filter((name) => !BENCHMARKS.includes(name as Benchmark));
if (unknown.length > 0) {
  console.error(`bench: no benchmark named ${unknown.join(", ")} (there are ${BENCHMARKS.join(", ")})`);
  process.exit(2);
}
const picked = names.length > 0 ? (names as Benchmark[]) : [...BENCHMARKS];

for (const name of picked) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  console.log(`\n=== bench/${name}.ts ${passed.join(" ")}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", file, ...passed], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`bench/${name}.ts failed (${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
