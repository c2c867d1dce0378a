/**
 * A Content-Security-Policy header as the browser reads it: directive name to its source list. A later
 * repeat of a directive is ignored by browsers, so the first one wins here too.
 */
export function cspDirectives(header: unknown): Record<string, string> {
  const directives: Record<string, string> = {};
  for (const part of String(header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    if (!(key in directives)) directives[key] = sources.join(" ");
  }
  return directives;
}

/** The sources a page may run script from: script-src, or default-src where script-src is absent. */
export function scriptSources(header: unknown): string | undefined {
  const directives = cspDirectives(header);
  return directives["script-src"] ?? directives["default-src"];
}
