// The lint step that fails on any import cycle in src, type-only imports included: a cycle means two layers
// lean on each other (the app.ts ↔ route files cycle through AppDeps ran through 17 files before it went).
// dpdm rather than madge: madge's optional peer wants TypeScript 5, and this project's TypeScript 7 ships no
// compiler API; dpdm brings its own TypeScript for parsing and reads tsconfig.json's path aliases.
import { parseCircular, parseDependencyTree } from "dpdm";

const tree = await parseDependencyTree(["src/**/*.ts", "src/**/*.tsx"], {
  tsconfig: "tsconfig.json",
  // Keep `import type`: a cycle through types still ties the layers together.
  transform: false,
});
const cycles = parseCircular(tree);

for (const cycle of cycles) console.error(`import cycle: ${[...cycle, cycle[0]].join(" -> ")}`);
console.log(
  `${Object.keys(tree).filter((file) => file.startsWith("src/")).length} files, ${cycles.length} import cycles`,
);
process.exit(cycles.length ? 1 : 0);
