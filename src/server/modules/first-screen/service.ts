import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { EventDetail, FeedResponse, MyEvent } from "#contract/events";
import type { FirstScreenData } from "#contract/first-screen";
import type { Language } from "#contract/i18n/languages";
import type { CurrentUser } from "#contract/users";
import { withFirstScreen, withPreloads } from "./page-html";

/** What a first screen reads: the same answers the app's own reads get from the API, for the same person. */
export interface FirstScreenSources {
  /** GET /api/user's answer for this person; null when the account is gone. */
  currentUser(userId: number): Promise<CurrentUser | null>;
  /** The deck's first page, as GET /api/events/swipe answers it (serialized by the same schema). */
  deckFirstPage(userId: number): Promise<FeedResponse>;
  /** GET /api/events/user's answer (My Events). */
  myEvents(userId: number): Promise<MyEvent[]>;
  /** GET /api/events/{id}'s answer for this person; it throws when they may not see the event. */
  eventDetail(userId: number, eventId: number): Promise<EventDetail>;
}

/** The client build's server render of the app (src/client/entry-server.tsx). */
interface Renderer {
  renderFirstScreen(url: string, data: FirstScreenData): Promise<string>;
}
/** The script files each drawn screen loads before idle, by its address (the build's ssr/screen-preloads.json). */
type ScreenPreloads = Record<string, string[]>;

/** The preloads of the screen at `pathname`: the sign-in page's under /auth, as the app's entry starts them. */
function preloadsAt(preloads: ScreenPreloads, pathname: string): string[] {
  const address = SIGNED_OUT_SCREENS.test(pathname) ? "/auth" : pathname;
  return Object.hasOwn(preloads, address) ? preloads[address] : [];
}

/** Screens a signed-out visitor may be drawn: the sign-in page. The others send them there, or are the link card's. */
const SIGNED_OUT_SCREENS = /^\/auth(\/|$)/;
/** The screens drawn with their first content, and the read each one draws it from. */
const DECK = "/";
const MY_EVENTS = "/my-events";
const EVENT_PAGE = /^\/events\/(\d{1,9})$/;

/**
 * The first screen of an app page, drawn on the server from the app's own components (the client build's ssr/
 * bundle) in the reader's language, with the data it was drawn from inline: the browser paints the screen before
 * any script, and the app takes it over without asking the API again. Without that bundle (a server run from the
 * sources, a client built without it) or when drawing fails, the plain shell is served as before.
 */
export function firstScreenService({
  sources,
  clientDist,
  log,
}: {
  sources: FirstScreenSources;
  clientDist: string;
  log: { warn: (details: object, message: string) => void };
}) {
  const bundle = path.join(clientDist, "ssr/entry-server.js");
  // Loaded once per build of the bundle: a deploy that replaces it is drawn from at once.
  let loaded: { builtAt: number; renderer: Promise<Renderer>; preloads: Promise<ScreenPreloads> } | null = null;
  async function renderer() {
    const built = await stat(bundle).catch(() => null);
    if (!built) return null;
    if (loaded?.builtAt !== built.mtimeMs)
      loaded = {
        builtAt: built.mtimeMs,
        renderer: import(`${pathToFileURL(bundle).href}?built=${built.mtimeMs}`) as Promise<Renderer>,
        // A build without the list (an older one) draws pages as before, without the preloads.
        preloads: readFile(path.join(clientDist, "ssr/screen-preloads.json"), "utf8")
          .then((text) => JSON.parse(text) as ScreenPreloads)
          .catch(() => ({})),
      };
    return loaded;
  }

  /** What the screen at `pathname` shows first, read as the API answers this person; nothing it may not see. */
  async function firstContent(userId: number, pathname: string): Promise<Partial<FirstScreenData>> {
    if (pathname === DECK) return { feed: await sources.deckFirstPage(userId) };
    if (pathname === MY_EVENTS) return { myEvents: await sources.myEvents(userId) };
    const eventId = EVENT_PAGE.exec(pathname)?.[1];
    if (eventId) {
      // An event this person may not see is drawn as the app shows it: its own answer (not found) comes from the API.
      const event = await sources.eventDetail(userId, Number(eventId)).catch(() => undefined);
      return event ? { event } : {};
    }
    return {};
  }

  return {
    /**
     * `shell` (the built index.html) with `url`'s first screen drawn into it for `userId` (null: signed out), in
     * `language` (the reader's: their account's when signed in, request.readerLanguage); the plain shell in that
     * language when there is nothing to draw.
     */
    async page({
      shell,
      url,
      userId,
      language,
      inLanguage,
    }: {
      shell: string;
      /** The page's address as the browser asked for it, origin included. */
      url: string;
      userId: number | null;
      language: Language;
      /** The shell's lang, dir and texts in a language. */
      inLanguage: (shell: string, language: Language) => string;
    }): Promise<{ html: string; drawn: boolean }> {
      const plain = { html: inLanguage(shell, language), drawn: false };
      const { pathname } = new URL(url);
      if (userId === null && !SIGNED_OUT_SCREENS.test(pathname)) return plain;
      try {
        const build = await renderer();
        if (!build) return plain;
        const render = await build.renderer;
        const user = userId === null ? null : await sources.currentUser(userId);
        if (userId !== null && !user) return plain;
        const data: FirstScreenData = {
          renderedAt: Date.now(),
          language: user?.language ?? language,
          user,
          ...(user ? await firstContent(user.id, pathname) : {}),
        };
        const root = await render.renderFirstScreen(url, data);
        const html = withFirstScreen(inLanguage(shell, data.language), root, data);
        return { html: withPreloads(html, preloadsAt(await build.preloads, pathname)), drawn: true };
      } catch (error) {
        log.warn({ err: error, url: pathname }, "first screen not drawn; the plain shell is served");
        return plain;
      }
    },
  };
}
