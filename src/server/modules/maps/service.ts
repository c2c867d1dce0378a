/** How long start-up waits for the map style before opening the CSP to its own host only. */
const STYLE_FETCH_MS = 3000;
/** A style larger than this is not read for hosts (a real one is tens of KiB). */
const STYLE_MAX_BYTES = 1024 * 1024;

/** The http(s) origin of a URL (templates such as "{z}/{x}/{y}" parse fine), or null. */
function originOf(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origins a MapLibre style loads from: its sprite, glyphs and every source's TileJSON or tiles. */
export function styleOrigins(style: unknown): string[] {
  if (!style || typeof style !== "object") return [];
  const s = style as { sprite?: unknown; glyphs?: unknown; sources?: Record<string, unknown> };
  const urls: unknown[] = [s.glyphs];
  if (Array.isArray(s.sprite)) urls.push(...s.sprite.map((entry) => (entry as { url?: unknown })?.url));
  else urls.push(s.sprite);
  for (const source of Object.values(s.sources ?? {})) {
    const src = source as { url?: unknown; tiles?: unknown };
    urls.push(src?.url);
    if (Array.isArray(src?.tiles)) urls.push(...src.tiles);
  }
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== null))];
}

/**
 * The hosts the browser may reach for the operator's map: the style's own and those the style names,
 * read once at start-up (a style that cannot be read leaves only its own host).
 */
export async function mapHosts(styleUrl: string | undefined, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  if (!styleUrl) return [];
  const own = new URL(styleUrl).origin;
  try {
    const res = await fetchImpl(styleUrl, { signal: AbortSignal.timeout(STYLE_FETCH_MS) });
    const text = res.ok ? await res.text() : "";
    const named = text && text.length <= STYLE_MAX_BYTES ? styleOrigins(JSON.parse(text)) : [];
    return [...new Set([own, ...named])];
  } catch {
    return [own];
  }
}
