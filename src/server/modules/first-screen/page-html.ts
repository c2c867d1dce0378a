import { FIRST_SCREEN_DATA_ID, type FirstScreenData } from "#contract/first-screen";

/**
 * JSON inside a script element: nothing in it may close the element or open a comment (`</script>`, `<!--`), so
 * `<`, `>` and `&` are written as JSON escapes, and the two line separators JavaScript once refused in strings.
 */
export function scriptJson(value: unknown) {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** #root is the body's last element (its skeleton is one line); the app's script sits in the head. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
// The shell asks for /api/user as the page loads; a drawn page carries the answer, so it must not ask again.
const USER_PRELOAD =
  /\s*<!--[^>]*?-->\s*(?=<link rel="preload" href="\/api\/user")|<link rel="preload" href="\/api\/user"[^>]*>/g;

/** The shell with its #root drawn (the screen's HTML) and the data it was drawn from beside it, for the app. */
export function withFirstScreen(shell: string, root: string, data: FirstScreenData) {
  const filled = shell.replace(
    ROOT,
    () =>
      `<div id="root">${root}</div>\n    <script type="application/json" id="${FIRST_SCREEN_DATA_ID}" data-from="server">${scriptJson(data)}</script>`,
  );
  return filled === shell ? shell : filled.replace(USER_PRELOAD, "");
}

/** Built file names only (`assets/name-hash.js`): nothing else from the list reaches the page. */
const BUILT_SCRIPT = /^assets\/[\w.-]+\.js$/;

/**
 * The page with a modulepreload link for each of `files` (the build's script files) at the end of its head, at
 * low priority: on a phone's network the screen's stylesheet and its top card's picture come first (with the
 * default priority Lighthouse's first paint of `/` moved from 1.1 s to 2.4 s).
 */
export function withPreloads(html: string, files: readonly string[]) {
  const links = files
    .filter((file) => BUILT_SCRIPT.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
  if (links.length === 0) return html;
  return html.replace("</head>", () => `${links.join("")}</head>`);
}
