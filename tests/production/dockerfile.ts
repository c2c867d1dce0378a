import { readFileSync } from "node:fs";

export interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
export function dockerfile(text = readFileSync("Dockerfile", "utf8")): Instruction[] {
  return text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** The HEALTHCHECK's command (exec form), as the container runtime would run it. */
export function healthCheckCommand(): [string, ...string[]] {
  const check = dockerfile().find((i) => i.keyword === "HEALTHCHECK");
  const json = check?.args.match(/ CMD (\[.*\])$/)?.[1];
  if (!json) throw new Error("the Dockerfile has no exec-form HEALTHCHECK CMD");
  return JSON.parse(json);
}
