/** Longest If-None-Match header read: a browser sends back the one tag it was given. */
const IF_NONE_MATCH_MAX = 512;

/**
 * The tags of a conditional request's If-None-Match header (weak or strong, quotes removed), at most a
 * few; empty when there is none or it is longer than a browser would send.
 */
export function ifNoneMatch(header: string | string[] | undefined): string[] {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value || value.length > IF_NONE_MATCH_MAX) return [];
  return value
    .split(",")
    .map((t) => /^\s*(?:W\/)?"([\x21\x23-\x7e]*)"\s*$/.exec(t)?.[1])
    .filter((t): t is string => t !== undefined && t.length > 0)
    .slice(0, 4);
}
