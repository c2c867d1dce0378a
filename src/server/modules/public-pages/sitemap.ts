import { hostPaths, SITEMAP_URLS_MAX } from "#contract/hosts";
import type { PublicPagesRepository } from "./repository";

const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
/** W3C Datetime, as sitemaps want it: to the second, in UTC. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

const urlset = (urls: Array<{ loc: string; lastmod: Date }>) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<urlset xmlns="${SITEMAP_NS}">`,
    ...urls.map((u) => `<url><loc>${escapeXml(u.loc)}</loc><lastmod>${w3cDate(u.lastmod)}</lastmod></url>`),
    "</urlset>",
    "",
  ].join("\n");

const sitemapIndex = (locs: string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");

/**
 * The sitemap of what anyone may see: public host pages, then upcoming public event pages, absolute from
 * `origin`. Up to `pageSize` URLs it is one urlset; past that /sitemap.xml is an index of
 * /sitemap.xml?page=N, each a urlset of at most `pageSize` URLs. Undefined for a page past the end.
 */
export async function sitemapXml({
  repo,
  origin,
  viewerId,
  page,
  now,
  pageSize = SITEMAP_URLS_MAX,
}: {
  repo: PublicPagesRepository;
  origin: string;
  /** A signed-in reader never finds in it whom a block hides from them. */
  viewerId: number | null;
  page: number | undefined;
  now: Date;
  pageSize?: number;
}): Promise<string | undefined> {
  const counts = await repo.sitemapCounts(now, viewerId);
  const pages = Math.max(1, Math.ceil((counts.hosts + counts.events) / pageSize));
  if (page === undefined && pages > 1) {
    return sitemapIndex(Array.from({ length: pages }, (_, i) => new URL(`/sitemap.xml?page=${i + 1}`, origin).href));
  }
  const n = page ?? 1;
  if (n > pages) return undefined;
  const start = (n - 1) * pageSize;
  const hostsHere = Math.max(0, Math.min(pageSize, counts.hosts - start));
  const [hosts, events] = await Promise.all([
    hostsHere > 0 ? repo.sitemapHosts(now, viewerId, start, hostsHere) : [],
    hostsHere < pageSize
      ? repo.sitemapEvents(now, viewerId, Math.max(0, start - counts.hosts), pageSize - hostsHere)
      : [],
  ]);
  return urlset([
    ...hosts.map((h) => ({ loc: new URL(hostPaths(h.username).page, origin).href, lastmod: h.lastmod })),
    ...events.map((e) => ({ loc: new URL(`/events/${e.id}`, origin).href, lastmod: e.lastmod })),
  ]);
}

/** The app's own screens: each is a person's, behind sign-in, and none is worth a search result. */
const PRIVATE_SCREENS = [
  "/nearby",
  "/availability",
  "/my-events",
  "/profile",
  "/users/",
  "/settings",
  "/notifications",
  "/groups",
  "/admin",
  "/invite/",
  "/auth",
  "/waitlist",
  "/reset-password",
  "/verify-email",
  "/embed/",
];

/**
 * robots.txt: event pages and host pages are for everyone; the app's own screens and the API are not,
 * except the two public reads those pages render from (a crawler that runs scripts needs them). The
 * sitemap is named only when the public origin is known.
 */
export function robotsTxt(origin: string | null): string {
  return [
    "User-agent: *",
    "Allow: /events/",
    "Allow: /u/",
    "Allow: /assets/",
    "Allow: /api/hosts/",
    "Allow: /api/events/*/preview",
    "Disallow: /api/",
    // "/" alone would shut every path; "$" makes it the Discover screen only.
    "Disallow: /$",
    ...PRIVATE_SCREENS.map((path) => `Disallow: ${path}`),
    ...(origin ? ["", `Sitemap: ${new URL("/sitemap.xml", origin).href}`] : []),
    "",
  ].join("\n");
}
