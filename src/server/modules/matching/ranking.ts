import type { Language } from "#contract/i18n/languages";
import type { MatchReasonKind } from "#contract/matching-texts";
import { MATCH_REASON_TEXTS } from "#contract/matching-texts";
import { serverText } from "#server/i18n";

/**
 * How much each reason to meet weighs, the one place the ranking is written. What a person came for comes
 * first: someone offering what you seek is worth most (you asked for exactly that), someone seeking what you
 * offer next (you can help them, and they will want to meet). Shared interests and skills say you have
 * things to talk about, but many people share them, so several are worth less than one offer you seek.
 * Mutual friends, similar work and bios, and both being free around the event are small: they break
 * ties between people otherwise alike. The sum is capped at 100: a score reads as a percentage.
 */
export const WEIGHTS = {
  /** Per phrase they offer that you seek, counted up to `maxPhrases`. */
  offerSeek: 30,
  /** Per phrase they seek that you offer, counted up to `maxPhrases`. */
  seekOffer: 20,
  maxPhrases: 2,
  /** Per shared interest and per shared skill, each counted up to `maxShared`. */
  interest: 8,
  skill: 6,
  maxShared: 3,
  /** Per mutual friend, counted up to `maxFriends`. */
  friend: 5,
  maxFriends: 2,
  /** Times the cosine similarity (0-1) of your bios and professions, as PostgreSQL's parser splits them. */
  bio: 10,
  /** When you are both free around the event. */
  free: 5,
} as const;

/** Bios this similar (cosine) say so among the reasons; below it the points still count. */
const BIO_REASON_MIN = 0.2;

/** Why one person would meet another: the phrases, interests and skills as the candidate wrote them. */
export interface Signals {
  offerSeek: string[];
  seekOffer: string[];
  interests: string[];
  skills: string[];
  /** Mutual friends: how many, and the id of one to name. */
  friends: { count: number; firstId: number } | null;
  /** Cosine similarity of the two bios and professions, 0-1. */
  bio: number;
  free: boolean;
}

/**
 * The score, 0-100, from how many of each reason a candidate has. Positional numbers rather than an object:
 * a large event scores every one of its people for each request, and this allocates nothing.
 */
export function pointsOf(
  offerSeek: number,
  seekOffer: number,
  interests: number,
  skills: number,
  friends: number,
  bio: number,
  free: boolean,
): number {
  const total =
    Math.min(offerSeek, WEIGHTS.maxPhrases) * WEIGHTS.offerSeek +
    Math.min(seekOffer, WEIGHTS.maxPhrases) * WEIGHTS.seekOffer +
    Math.min(interests, WEIGHTS.maxShared) * WEIGHTS.interest +
    Math.min(skills, WEIGHTS.maxShared) * WEIGHTS.skill +
    Math.min(friends, WEIGHTS.maxFriends) * WEIGHTS.friend +
    bio * WEIGHTS.bio +
    (free ? WEIGHTS.free : 0);
  return Math.min(100, Math.round(total));
}

/** The score of a candidate, 0-100. */
export function scoreOf(s: Signals): number {
  return pointsOf(
    s.offerSeek.length,
    s.seekOffer.length,
    s.interests.length,
    s.skills.length,
    s.friends?.count ?? 0,
    s.bio,
    s.free,
  );
}

/** One list format per language: making one costs more than the rest of a reason, and a page has dozens. */
const listFormats = new Map<Language, Intl.ListFormat>();
function listFormatOf(language: Language): Intl.ListFormat {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language === "en" ? "en-US" : language, { type: "unit", style: "short" });
    listFormats.set(language, format);
  }
  return format;
}

/**
 * The reasons, strongest first, each in the viewer's language with the actual phrases (lists written the
 * language's way: "hiking, jazz"). `friendName` names the mutual friend `friends.firstId`.
 */
export function reasonsOf(
  s: Signals,
  language: Language,
  friendName: string | null,
): Array<{ kind: MatchReasonKind; text: string }> {
  const list = (items: string[]) => listFormatOf(language).format(items);
  const text = (key: MatchReasonKind, values: Record<string, string | number>) =>
    serverText(language, MATCH_REASON_TEXTS, key, values);
  const reasons: Array<{ kind: MatchReasonKind; text: string; weight: number }> = [];
  if (s.offerSeek.length)
    reasons.push({
      kind: "offerSeek",
      text: text("offerSeek", { phrases: list(s.offerSeek) }),
      weight: WEIGHTS.offerSeek * s.offerSeek.length,
    });
  if (s.seekOffer.length)
    reasons.push({
      kind: "seekOffer",
      text: text("seekOffer", { phrases: list(s.seekOffer) }),
      weight: WEIGHTS.seekOffer * s.seekOffer.length,
    });
  if (s.interests.length)
    reasons.push({
      kind: "interests",
      text: text("interests", { count: s.interests.length, list: list(s.interests) }),
      weight: WEIGHTS.interest * s.interests.length,
    });
  if (s.skills.length)
    reasons.push({
      kind: "skills",
      text: text("skills", { count: s.skills.length, list: list(s.skills) }),
      weight: WEIGHTS.skill * s.skills.length,
    });
  if (s.friends && friendName)
    reasons.push({
      kind: "friends",
      text: text("friends", { name: friendName, others: s.friends.count - 1 }),
      weight: WEIGHTS.friend * s.friends.count,
    });
  if (s.bio >= BIO_REASON_MIN) reasons.push({ kind: "bio", text: text("bio", {}), weight: WEIGHTS.bio * s.bio });
  if (s.free) reasons.push({ kind: "free", text: text("free", {}), weight: WEIGHTS.free });
  return reasons.sort((a, b) => b.weight - a.weight).map(({ kind, text }) => ({ kind, text }));
}
