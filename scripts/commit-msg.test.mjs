import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SUBJECT_MAX, subjectProblem } from "./commit-msg.mjs";

const scratch = mkdtempSync(path.join(tmpdir(), "link-commit-msg-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A repository of its own, untouched by the caller's git settings and worktree.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("GIT_")));
Object.assign(env, {
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Hook Test",
  GIT_AUTHOR_EMAIL: "hook@example.com",
  GIT_COMMITTER_NAME: "Hook Test",
  GIT_COMMITTER_EMAIL: "hook@example.com",
  // A folder without .git never finds the repository the test runs in.
  GIT_CEILING_DIRECTORIES: scratch,
});
const sh = (cwd, command, ...args) => {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};
/** A folder holding what `npm install` reads to install the hook, and the hook itself. */
function checkout(name, { git }) {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, "scripts"), { recursive: true });
  cpSync("package.json", path.join(dir, "package.json"));
  cpSync(".githooks", path.join(dir, ".githooks"), { recursive: true });
  cpSync("scripts/commit-msg.mjs", path.join(dir, "scripts/commit-msg.mjs"));
  if (git) expect(sh(dir, "git", "init", "-q", "-b", "main").code).toBe(0);
  return dir;
}
const subject = (length) => "Chat keeps one lock per group ".repeat(4).slice(0, length);

describe("the commit-msg hook, installed by npm install", () => {
  it("refuses a subject over 72 characters and takes one of 72, in a repository npm install set up", () => {
    const repo = checkout("repo", { git: true });
    const prepare = sh(repo, "npm", "run", "--silent", "prepare");
    expect(prepare.code, prepare.output).toBe(0);
    expect(sh(repo, "git", "config", "core.hooksPath").output.trim()).toBe(".githooks");

    const long = sh(repo, "git", "commit", "-q", "--allow-empty", "-m", subject(SUBJECT_MAX + 1));
    expect(long.code).toBe(1);
    expect(long.output).toContain(`commit subject is ${SUBJECT_MAX + 1} characters, at most ${SUBJECT_MAX}`);
    expect(sh(repo, "git", "rev-list", "--all").output).toBe("");

    const fits = sh(repo, "git", "commit", "-q", "--allow-empty", "-m", subject(SUBJECT_MAX), "-m", "x".repeat(200));
    expect(fits.code, fits.output).toBe(0);
    expect(sh(repo, "git", "log", "--format=%s").output.trim()).toBe(subject(SUBJECT_MAX));
  });

  it("takes git's own subject for a merge, however long the branch names make it", () => {
    const repo = checkout("merge", { git: true });
    expect(sh(repo, "npm", "run", "--silent", "prepare").code).toBe(0);
    const branch = "a-branch-whose-name-alone-takes-most-of-the-seventy-two-characters";
    expect(sh(repo, "git", "commit", "-q", "--allow-empty", "-m", "Start").code).toBe(0);
    expect(sh(repo, "git", "checkout", "-q", "-b", branch).code).toBe(0);
    expect(sh(repo, "git", "commit", "-q", "--allow-empty", "-m", "Work on the branch").code).toBe(0);
    expect(sh(repo, "git", "checkout", "-q", "main").code).toBe(0);
    const merge = sh(repo, "git", "merge", "-q", "--no-ff", "--no-edit", branch);
    expect(merge.code, merge.output).toBe(0);
    const merged = sh(repo, "git", "log", "-1", "--format=%s").output.trim();
    expect(merged).toBe(`Merge branch '${branch}'`);
    expect(merged.length).toBeGreaterThan(SUBJECT_MAX);
  });

  it("installs nothing and succeeds where there is no repository (a Docker build, a tarball)", () => {
    const folder = checkout("no-git", { git: false });
    const prepare = sh(folder, "npm", "run", "--silent", "prepare");
    expect(prepare.code, prepare.output).toBe(0);
    expect(existsSync(path.join(folder, ".git"))).toBe(false);
    // The Dockerfile's first `npm ci` sees package.json alone, before the sources are copied in.
    const bare = path.join(scratch, "package-only");
    mkdirSync(bare);
    cpSync("package.json", path.join(bare, "package.json"));
    expect(sh(bare, "npm", "run", "--silent", "prepare").code).toBe(0);
  });
});

describe("what the hook counts", () => {
  it("the first line git keeps: comment lines and leading blank lines are not the subject", () => {
    const message = `\n# Please enter the commit message\n${subject(SUBJECT_MAX)}\n\n${"body ".repeat(40)}\n# ${"c".repeat(100)}\n`;
    expect(subjectProblem(message)).toBeNull();
    expect(subjectProblem(`# comment\n${subject(SUBJECT_MAX + 1)}\n`)).toMatch(/is 73 characters/);
  });

  it("characters, not bytes: 72 accented letters and arrows fit", () => {
    expect(subjectProblem(`${"é→".repeat(SUBJECT_MAX / 2)}\n`)).toBeNull();
    expect(subjectProblem(`${"é→".repeat(SUBJECT_MAX / 2)}x\n`)).not.toBeNull();
  });
});
