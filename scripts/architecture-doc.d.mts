// Types of scripts/architecture-doc.mjs for the server tests written in TypeScript (src/server/db/triggers.test.ts).

/** Each module's tables, by the variable and the SQL name of every `pgTable` in its schema files. */
export function tablesByModule(): Map<string, { variable: string; table: string }[]>;

export interface CodeFacts {
  modules: { name: string; tables: string[]; readEntry: boolean; repository?: boolean }[];
  workers: { name: string; module: string | null }[] | null;
  /** A file's text, or null when there is none; without it the flows' steps go unchecked. */
  source?: (file: string) => string | null;
}
export const ARCHITECTURE_DOC: string;
export function workersOfCompose(source?: string): CodeFacts["workers"];
export function readCode(): CodeFacts;
export function flowSteps(section: string): { file: string; name: string | null }[];
export function docProblems(markdown: string, code: CodeFacts): string[];
