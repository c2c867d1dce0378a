// A CPU profile of the bench's own process, which is the server (autocannon runs in a child), while one route
// runs: written to a file for DevTools and summarised by what took the most time itself.
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

/**
 * A CPU profile of this process (the server: autocannon runs in a child) while one route runs, written to a
 * file for DevTools and summarised here: the functions and the files that took the most time themselves.
 */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return {
    async stop(file: string) {
      const { profile } = await session.post("Profiler.stop");
      session.disconnect();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      const self = new Map<number, number>();
      profile.timeDeltas?.forEach((dt, i) => {
        const id = profile.samples?.[i];
        if (id !== undefined) self.set(id, (self.get(id) ?? 0) + dt);
      });
      const total = [...self.values()].reduce((a, b) => a + b, 0);
      const byFunction = new Map<string, number>();
      const byFile = new Map<string, number>();
      for (const node of profile.nodes) {
        const us = self.get(node.id) ?? 0;
        const { functionName, url, lineNumber } = node.callFrame;
        const where = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "") || "(native)";
        const fn = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
        const parts = where.slice(Math.max(0, where.lastIndexOf("node_modules/"))).split("/");
        const area = parts[0] === "node_modules" ? parts.slice(0, parts[1].startsWith("@") ? 3 : 2).join("/") : where;
        byFile.set(area, (byFile.get(area) ?? 0) + us);
      }
      const top = (m: Map<string, number>, n: number) =>
        [...m]
          .sort((x, y) => y[1] - x[1])
          .slice(0, n)
          .map(([k, us]) => `      ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
      console.log(`  CPU profile of the server during the run (${file}; ${(total / 1e6).toFixed(1)} s sampled):`);
      console.log("    by file or package (self time):");
      for (const line of top(byFile, 15)) console.log(line);
      console.log("    by function (self time):");
      for (const line of top(byFunction, 20)) console.log(line);
    },
  };
}
