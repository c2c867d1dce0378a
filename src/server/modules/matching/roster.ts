import type { Signals } from "./ranking";

/** One opted-in person at an event as the ranking reads them; `*Terms` are PostgreSQL's lexemes of each phrase. */
export interface RosterPerson {
  userId: number;
  offering: string[];
  seeking: string[];
  offeringTerms: string[][];
  seekingTerms: string[][];
  interests: string[];
  skills: string[];
  /** The lexemes of their profession and bio. */
  about: string[];
  /** Free around the event, from the availability they published. */
  free: boolean;
}

/**
 * A bio term found in more than this share of the event's people says little about any two of them, and
 * reading its whole list for every viewer is what would make a large event slow: it is left out.
 */
const COMMON_TERM_SHARE = 0.25;

interface Slot {
  person: RosterPerson;
  /** Phrases as term ids, and the viewer-side lookups the ranking needs. */
  offering: number[][];
  seeking: number[][];
  aboutNorm: number;
  alive: boolean;
}

/** Whether two phrases name the same thing: every lexeme of the shorter one is in the longer one. */
function samePhrase(a: number[], b: number[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((term) => long.includes(term));
}

/**
 * An event's opted-in people, indexed by what they offer, seek, are interested in, know and wrote, so a
 * viewer's candidates are read from the lists of the viewer's own terms rather than by comparing everyone.
 * A changed person takes a new slot (the old one is marked dead); `wasted` tells the owner when to rebuild.
 */
export class Roster {
  private readonly slots: Slot[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly termIds = new Map<string, number>();
  /** Term id -> the slots holding it, one list per kind of term. */
  private readonly postings = new Map<number, number[]>();
  private readonly bioCount = new Map<number, number>();
  private readonly freeSlots = new Set<number>();
  private dead = 0;

  /** The largest change sequence number read into the list. */
  version: number;

  constructor(version: number, people: RosterPerson[]) {
    this.version = version;
    for (const person of people) this.put(person);
  }

  get size() {
    return this.slotOf.size;
  }
  /** The share of slots left dead by changes. */
  get wasted() {
    return this.slots.length === 0 ? 0 : this.dead / this.slots.length;
  }

  private id(kind: string, term: string): number {
    const key = `${kind}:${term}`;
    let id = this.termIds.get(key);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(key, id);
    }
    return id;
  }
  private post(termId: number, slot: number) {
    const list = this.postings.get(termId);
    if (list) {
      if (list.at(-1) !== slot) list.push(slot);
    } else this.postings.set(termId, [slot]);
  }
  private idf(termId: number) {
    return Math.log(1 + this.size / (this.bioCount.get(termId) ?? 1));
  }

  /** Adds or replaces a person (a changed opt-in, phrases or profile). */
  put(person: RosterPerson) {
    this.remove(person.userId);
    const slot = this.slots.length;
    const phrase = (kind: string) => (terms: string[]) => [...new Set(terms.map((t) => this.id(kind, t)))];
    const entry: Slot = {
      person,
      offering: person.offeringTerms.map(phrase("p")),
      seeking: person.seekingTerms.map(phrase("p")),
      aboutNorm: 0,
      alive: true,
    };
    this.slots.push(entry);
    this.slotOf.set(person.userId, slot);
    for (const terms of entry.offering) for (const t of terms) this.post(this.id("o", String(t)), slot);
    for (const terms of entry.seeking) for (const t of terms) this.post(this.id("s", String(t)), slot);
    for (const key of new Set(person.interests.map((i) => i.toLocaleLowerCase()))) this.post(this.id("i", key), slot);
    for (const key of new Set(person.skills.map((i) => i.toLocaleLowerCase()))) this.post(this.id("k", key), slot);
    for (const term of new Set(person.about)) {
      const id = this.id("a", term);
      this.post(id, slot);
      this.bioCount.set(id, (this.bioCount.get(id) ?? 0) + 1);
    }
    if (person.free) this.freeSlots.add(slot);
    entry.aboutNorm = Math.sqrt([...new Set(person.about)].reduce((sum, t) => sum + this.idf(this.id("a", t)) ** 2, 0));
  }

  /** Takes a person out (opted out, left, suspended). */
  remove(userId: number) {
    const slot = this.slotOf.get(userId);
    if (slot === undefined) return;
    const entry = this.slots[slot];
    entry.alive = false;
    for (const term of new Set(entry.person.about)) {
      const id = this.id("a", term);
      this.bioCount.set(id, Math.max(0, (this.bioCount.get(id) ?? 1) - 1));
    }
    this.freeSlots.delete(slot);
    this.slotOf.delete(userId);
    this.dead += 1;
  }

  has(userId: number) {
    return this.slotOf.has(userId);
  }

  /**
   * What the viewer shares with each candidate who shares anything, plus mutual friends (`friends`:
   * candidate -> count and one friend's id, from the database). The viewer is never a candidate.
   */
  signalsFor(viewerId: number, friends: Map<number, { count: number; firstId: number }>): Map<number, Signals> {
    const signals = new Map<number, Signals>();
    const viewerSlot = this.slotOf.get(viewerId);
    if (viewerSlot === undefined) return signals;
    const me = this.slots[viewerSlot];
    const of = (slot: number): Signals | null => {
      const entry = this.slots[slot];
      if (!entry.alive || slot === viewerSlot) return null;
      let s = signals.get(entry.person.userId);
      if (!s) {
        s = { offerSeek: [], seekOffer: [], interests: [], skills: [], friends: null, bio: 0, free: false };
        signals.set(entry.person.userId, s);
      }
      return s;
    };
    const candidatesOf = (kind: "o" | "s", phrases: number[][]) => {
      const found = new Set<number>();
      for (const terms of phrases)
        for (const t of terms) for (const slot of this.postings.get(this.id(kind, String(t))) ?? []) found.add(slot);
      return found;
    };
    // They offer what you seek: every phrase of theirs that names one of yours.
    for (const slot of candidatesOf("o", me.seeking)) {
      const entry = this.slots[slot];
      const matched = entry.offering.flatMap((terms, n) =>
        me.seeking.some((mine) => samePhrase(mine, terms)) ? [entry.person.offering[n]] : [],
      );
      if (matched.length) of(slot)?.offerSeek.push(...matched);
    }
    for (const slot of candidatesOf("s", me.offering)) {
      const entry = this.slots[slot];
      const matched = entry.seeking.flatMap((terms, n) =>
        me.offering.some((mine) => samePhrase(mine, terms)) ? [entry.person.seeking[n]] : [],
      );
      if (matched.length) of(slot)?.seekOffer.push(...matched);
    }
    const shared = (
      kind: "i" | "k",
      mine: string[],
      pick: (p: RosterPerson) => string[],
      add: (s: Signals) => string[],
    ) => {
      for (const key of new Set(mine.map((x) => x.toLocaleLowerCase())))
        for (const slot of this.postings.get(this.id(kind, key)) ?? []) {
          const s = of(slot);
          // Said as the candidate wrote it.
          const written = pick(this.slots[slot].person).find((x) => x.toLocaleLowerCase() === key);
          if (s && written) add(s).push(written);
        }
    };
    shared(
      "i",
      me.person.interests,
      (p) => p.interests,
      (s) => s.interests,
    );
    shared(
      "k",
      me.person.skills,
      (p) => p.skills,
      (s) => s.skills,
    );
    // Bios: cosine of the two term sets weighted by rarity at this event (common terms left out, see above).
    if (me.aboutNorm > 0) {
      const dots = new Map<number, number>();
      for (const term of new Set(me.person.about)) {
        const id = this.id("a", term);
        if ((this.bioCount.get(id) ?? 0) > Math.max(2, this.size * COMMON_TERM_SHARE)) continue;
        const weight = this.idf(id) ** 2;
        for (const slot of this.postings.get(id) ?? [])
          if (this.slots[slot].alive && slot !== viewerSlot) dots.set(slot, (dots.get(slot) ?? 0) + weight);
      }
      for (const [slot, dot] of dots) {
        const s = of(slot);
        const norm = this.slots[slot].aboutNorm;
        if (s && norm > 0) s.bio = Math.min(1, dot / (me.aboutNorm * norm));
      }
    }
    for (const [userId, mutual] of friends) {
      const slot = this.slotOf.get(userId);
      const s = slot === undefined ? null : of(slot);
      if (s) s.friends = mutual;
    }
    if (me.person.free)
      for (const slot of this.freeSlots) {
        const s = of(slot);
        if (s) s.free = true;
      }
    return signals;
  }

  /** Everyone but the viewer, in a fixed order: who fills a list when too few share anything with the viewer. */
  *others(viewerId: number): Generator<number> {
    for (const entry of this.slots) if (entry.alive && entry.person.userId !== viewerId) yield entry.person.userId;
  }
}
