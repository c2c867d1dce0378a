// The HTML shell (src/client/index.html) in the request's language: its lang and dir, the first paint's
// "Loading" and the page's description, so the frame a person sees before the scripts run already reads in
// their language and direction. The app then keeps the language it speaks (its own setting).
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { SHELL_PAGE_TEXTS } from "#contract/api-texts";
import { type Language, languageDirection } from "#contract/i18n/languages";
import { serverText } from "#server/i18n";

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function shellInLanguage(html: string, language: Language): string {
  if (language === "en") return html;
  const text = (key: keyof typeof SHELL_PAGE_TEXTS) => escapeAttribute(serverText(language, SHELL_PAGE_TEXTS, key));
  return html
    .replace(/<html lang="[^"]*"[^>]*>/, () => `<html lang="${language}" dir="${languageDirection(language)}">`)
    .replace(
      /(<main class="app-shell-frame" role="status" aria-label=")[^"]*(")/,
      (_, a, b) => `${a}${text("loading")}${b}`,
    )
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${text("description")}" />`,
    );
}

const compressedShells = new Map<string, Buffer>();
/**
 * The shell compressed as the browser accepts it (brotli, else gzip), kept per language and per build's HTML:
 * the first paint's file stays as small as the build's precompressed copies were. A page drawn for one person
 * is compressed once, at a quality that costs a few milliseconds (brotli 5: 1 % larger than 9, 50 x faster).
 */
export function encodedShell(
  html: string,
  acceptEncoding: string | string[] | undefined,
  { personal = false }: { personal?: boolean } = {},
): { body: string | Buffer; encoding?: "br" | "gzip" } {
  const accepted = (Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "")).toLowerCase();
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (!encoding) return { body: html };
  const compress = (quality: number) =>
    encoding === "br"
      ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } })
      : gzipSync(html, { level: quality === 9 ? 9 : 6 });
  if (personal) return { body: compress(5), encoding };
  const key = `${encoding}\u0000${html}`;
  let body = compressedShells.get(key);
  if (!body) {
    body = compress(9);
    if (compressedShells.size >= 12) compressedShells.clear();
    compressedShells.set(key, body);
  }
  return { body, encoding };
}
