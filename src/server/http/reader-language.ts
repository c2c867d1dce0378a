// The one place that decides which language a page the server renders speaks: the app's shell and first screen,
// a shared link's page (an event, a host, an invite), the embed and the unsubscribe page.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Language } from "#contract/i18n/languages";
import { languageOf, requestLanguage } from "#server/i18n";

/**
 * How every reader-dependent page is cached: kept by the browser only (never by a shared cache, which would hand
 * one reader's language or data to the next) and told apart by what decides it (the session cookie, the browser's
 * languages) and the encoding it was sent in.
 */
export const PAGE_PER_READER = {
  "cache-control": "private, no-cache",
  vary: "cookie, accept-language, accept-encoding",
} as const;

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The reader's language: their account's when signed in, else the best match of Accept-Language, else English.
     * Decided once per request.
     */
    readerLanguage(): Promise<Language>;
  }
}

/** Gives every request its readerLanguage(), reading a signed-in reader's account language through `accountLanguage`. */
export function decorateReaderLanguage(
  app: FastifyInstance,
  accountLanguage: (userId: number) => Promise<string | null | undefined>,
) {
  const decided = new WeakMap<FastifyRequest, Promise<Language>>();
  const decide = async (request: FastifyRequest): Promise<Language> => {
    const account = request.userId == null ? null : await accountLanguage(request.userId);
    return account ? languageOf(account) : requestLanguage(request.headers);
  };
  app.decorateRequest("readerLanguage", function (this: FastifyRequest) {
    let language = decided.get(this);
    if (!language) {
      language = decide(this);
      decided.set(this, language);
    }
    return language;
  });
}
