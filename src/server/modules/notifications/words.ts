// A notice in its reader's language: stored with its messages' codes and values, it is written again each time
// it is read (the list, the socket frame, push, e-mail, the digest), so a language changed later applies to the
// notices from before too. Rows stored before codes existed (null codes) show the words they were stored with.
import type { Language } from "#contract/i18n/languages";
import { type NoticeValues, withWhen } from "#contract/notifications";
import { timeLanguage, wordsIn } from "#server/i18n";

export interface StoredWords {
  title: string;
  message: string;
  titleCode?: string | null;
  messageCode?: string | null;
  textValues?: NoticeValues | null;
  /** The current name of whoever acted (a notice's `name`): a person who renamed themself reads under their new name. */
  actorName?: string | null;
}

/** Who reads a notice: their language, and their profile's zone for "your time" beside an event's. */
export interface Reader {
  language: Language;
  timezone: string | null;
}

/** The title and message of a notice as its reader reads it. */
export function noticeIn({ language, timezone }: Reader, notice: StoredWords): { title: string; message: string } {
  if (!notice.titleCode && !notice.messageCode) return { title: notice.title, message: notice.message };
  const { locale, catalog } = timeLanguage(language);
  const named = notice.textValues ?? {};
  const stored = notice.actorName && "name" in named ? { ...named, name: notice.actorName } : named;
  // The reader's zone as it is now (their profile's), else the one stored with a notice written for one reader.
  const values = withWhen(timezone ? { ...stored, viewerZone: timezone } : stored, locale, catalog);
  return {
    title: wordsIn(language, notice.titleCode, values, notice.title),
    message: wordsIn(language, notice.messageCode, values, notice.message),
  };
}

/** The codes a new notice is stored with (noticeWords gives them): a null code is someone's own words. */
export function codesOf(notice: StoredWords) {
  return {
    titleCode: notice.titleCode ?? null,
    messageCode: notice.messageCode ?? null,
    textValues: notice.textValues ?? {},
  };
}
