// The commit-msg hook (.githooks/commit-msg, installed by `npm install`): a subject of at most 72
// characters, so `git log --oneline`, a review list and a mail subject show it whole.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

export const SUBJECT_MAX = 72;

/**
 * The subject as git will store it: the first line that is neither blank nor a comment (the hook sees
 * the message before git strips the editor's comment lines).
 */
const subjectOf = (message) => message.split("\n").find((line) => line.trim() !== "" && !line.startsWith("#")) ?? "";

// The subject git writes for a merge names the branches merged ("Merge branch 'x' into y"): it is
// generated, and shortening it would lose which branches met, so it may be longer.
const GENERATED_MERGE = /^Merge (branch|branches|remote-tracking branch|tag|commit) /;

/** Why git should refuse this commit message, or null. Length counts characters, not bytes. */
export function subjectProblem(message) {
  const subject = subjectOf(message).trimEnd();
  const length = [...subject].length;
  if (length <= SUBJECT_MAX || GENERATED_MERGE.test(subject)) return null;
  return `commit subject is ${length} characters, at most ${SUBJECT_MAX}: say the rest in the body after a blank line\n  ${subject}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problem = subjectProblem(readFileSync(process.argv[2], "utf8"));
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
