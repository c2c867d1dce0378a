import { HOST_TEXTS, type HostEvent, hostPaths } from "#contract/hosts";
import { type Language, languageDirection } from "#contract/i18n/languages";
import { PLACE_TEXTS } from "#contract/places-texts";
import { PRODUCT_NAME } from "#contract/product";
import { serverText } from "#server/i18n";
import { eventTimeText } from "../link-preview";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** What a person wrote, as HTML text or an attribute value: never markup. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/**
 * The embed's whole style (about 2 KB): the app's colours, light or dark as the embedding page's reader
 * prefers, or as `?theme=` forces. No web font, no script: it paints inside someone else's page.
 */
const EMBED_CSS = `
:root{color-scheme:light dark;--bg:oklch(0.99 0.003 270);--fg:oklch(0.2 0.02 270);--muted:oklch(0.52 0.02 270);--border:oklch(0.91 0.01 270);--card:oklch(1 0 0);--accent:oklch(0.51 0.22 275)}
@media (prefers-color-scheme:dark){:root:not(.light){--bg:oklch(0.16 0.015 275);--fg:oklch(0.96 0.005 270);--muted:oklch(0.7 0.02 270);--border:oklch(0.3 0.02 275);--card:oklch(0.2 0.018 275);--accent:oklch(0.68 0.19 278)}}
:root.dark{color-scheme:dark;--bg:oklch(0.16 0.015 275);--fg:oklch(0.96 0.005 270);--muted:oklch(0.7 0.02 270);--border:oklch(0.3 0.02 275);--card:oklch(0.2 0.018 275);--accent:oklch(0.68 0.19 278)}
:root.light{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;padding:12px;background:var(--bg);color:var(--fg);font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:15px;margin:0 0 8px;font-weight:600}
ol{list-style:none;margin:0;padding:0;display:grid;gap:8px}
a.event{display:grid;gap:2px;padding:10px 12px;border:1px solid var(--border);border-radius:12px;background:var(--card);color:inherit;text-decoration:none}
a.event:hover,a.event:focus-visible{border-color:var(--accent);outline:none}
.title{font-weight:600;overflow-wrap:anywhere}
.when{color:var(--accent);font-size:13px;font-weight:500}
.where{color:var(--muted);font-size:13px;overflow-wrap:anywhere}
.empty{color:var(--muted);margin:0}
footer{margin-top:10px;font-size:13px}
footer a{color:var(--accent)}
`.trim();

const page = (language: Language, title: string, body: string, theme: "light" | "dark" | undefined) =>
  `<!doctype html>
<html lang="${language}" dir="${languageDirection(language)}"${theme ? ` class="${theme}"` : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${EMBED_CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;

/**
 * /embed/u/{username}: a host's next events as a small page made for an iframe on another site, rendered
 * here whole (no app bundle). Every link opens Link in a new tab: the embedding page stays.
 */
export function embedHtml({
  host,
  events,
  origin,
  theme,
  language,
}: {
  host: { fullName: string; username: string };
  events: HostEvent[];
  origin: string;
  theme?: "light" | "dark";
  language: Language;
}): string {
  const link = (path: string) => escapeHtml(new URL(path, origin).href);
  const items = events.map((e) => {
    const where =
      e.location.trim() || (e.placeArea ? serverText(language, PLACE_TEXTS, "around", { area: e.placeArea }) : "");
    return `<li><a class="event" href="${link(`/events/${e.id}`)}" target="_blank" rel="noopener">
<span class="when">${escapeHtml(eventTimeText(e.date, e.timezone, language))}</span>
<span class="title" dir="auto">${escapeHtml(e.title)}</span>${where ? `\n<span class="where" dir="auto">${escapeHtml(where)}</span>` : ""}
</a></li>`;
  });
  const text = (key: keyof typeof HOST_TEXTS) =>
    escapeHtml(serverText(language, HOST_TEXTS, key, { name: host.fullName }));
  return page(
    language,
    serverText(language, HOST_TEXTS, "upcomingBy", { name: host.fullName }),
    `<h1 dir="auto">${text("upcomingBy")}</h1>
${items.length ? `<ol>\n${items.join("\n")}\n</ol>` : `<p class="empty">${text("noUpcoming")}</p>`}
<footer><a href="${link(hostPaths(host.username).page)}" target="_blank" rel="noopener">${text("seeAll")}</a></footer>`,
    theme,
  );
}

/** What an embed of an unknown, turned-off or blocked page shows: the same for each, so none is told apart. */
export function embedNotFoundHtml(language: Language, theme?: "light" | "dark"): string {
  return page(
    language,
    PRODUCT_NAME,
    `<p class="empty">${escapeHtml(serverText(language, HOST_TEXTS, "notFound"))}</p>`,
    theme,
  );
}

/** Only this page may be framed, by any site; it runs no script and loads nothing but its own host's images. */
export const EMBED_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *";
