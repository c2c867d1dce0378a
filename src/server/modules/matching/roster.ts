import { pointsOf, type Signals } from "./ranking";

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

/** A candidate as ranked for a viewer: the score and what they share. */
export interface Ranked {
  userId: number;
  score: number;
  signals: Signals;
}

interface Slot {
  person: RosterPerson;
  /** Phrases as term ids, and the viewer-side lookups the ranking needs. */
  offering: number[][];
  seeking: number[][];
  aboutNorm: number;
  alive: boolean;
}

/** A phrase's terms as one key, whatever their order. */
const phraseKey = (terms: number[]) => [...terms].sort((x, y) => x - y).join(",");

/** Phrases of more terms than this are matched by each of their terms rather than by their subsets. */
const SUBSETS_UP_TO = 8;

/** Every non-empty subset of a few terms. */
function subsetsOf(terms: number[]): number[][] {
  const subsets: number[][] = [];
  for (let mask = 1; mask < 1 << terms.length; mask++) subsets.push(terms.filter((_, i) => mask & (1 << i)));
  return subsets;
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
    for (const terms of entry.offering) {
      for (const t of terms) this.post(this.id("o", String(t)), slot);
      this.post(this.id("O", phraseKey(terms)), slot);
    }
    for (const terms of entry.seeking) {
      for (const t of terms) this.post(this.id("s", String(t)), slot);
      this.post(this.id("S", phraseKey(terms)), slot);
    }
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
   * The viewer's best `k` candidates, best first (score, then id), each with what they share: mutual friends
   * come from the database (`friends`: candidate -> count and one friend's id). Everyone listed is scored, in
   * typed arrays indexed by slot, counting only; the lists a reason names are made for the `k` picked alone,
   * so a request costs one pass over the event's people and no object per person. The viewer is never a
   * candidate; people who share nothing score 0 and fill the list in id order.
   */
  rank(viewerId: number, friends: Map<number, { count: number; firstId: number }>, k: number): Ranked[] {
    const viewerSlot = this.slotOf.get(viewerId);
    if (viewerSlot === undefined || k <= 0) return [];
    const me = this.slots[viewerSlot];
    const n = this.slots.length;
    const offerSeek = new Uint8Array(n);
    const seekOffer = new Uint8Array(n);
    const interests = new Uint8Array(n);
    const skills = new Uint8Array(n);
    const friendCount = new Uint16Array(n);
    const bio = new Float64Array(n);

    // They offer what you seek: how many phrases of theirs name one of yours (read from the lists of your terms).
    const phraseMatches = (
      kind: "o" | "s",
      mine: number[][],
      theirs: (entry: Slot) => number[][],
      into: Uint8Array,
    ) => {
      // Two phrases match when one's terms are all in the other's. Theirs within mine: their phrase is one
      // of the subsets of mine, read by its terms as a whole. Mine within theirs: every such phrase holds
      // mine's rarest term, so that term's list is enough. A term common to many phrases ("design") is
      // then never read whole unless a phrase is that term alone.
      const seen = new Uint8Array(n);
      const found: number[] = [];
      const add = (slot: number) => {
        if (seen[slot] === 0) {
          seen[slot] = 1;
          found.push(slot);
        }
      };
      const posted = (key: string) => this.postings.get(this.id(kind, key)) ?? [];
      for (const terms of mine) {
        if (terms.length === 0) continue;
        if (terms.length > SUBSETS_UP_TO) {
          for (const t of terms) for (const slot of posted(String(t))) add(slot);
          continue;
        }
        const whole = kind === "o" ? "O" : "S";
        for (const subset of subsetsOf(terms))
          for (const slot of this.postings.get(this.id(whole, phraseKey(subset))) ?? []) add(slot);
        let rarest = posted(String(terms[0]));
        for (const t of terms.slice(1)) {
          const list = posted(String(t));
          if (list.length < rarest.length) rarest = list;
        }
        for (const slot of rarest) add(slot);
      }
      for (const slot of found) {
        let count = 0;
        for (const terms of theirs(this.slots[slot])) if (mine.some((m) => samePhrase(m, terms))) count++;
        into[slot] = Math.min(255, count);
      }
    };
    phraseMatches("o", me.seeking, (entry) => entry.offering, offerSeek);
    phraseMatches("s", me.offering, (entry) => entry.seeking, seekOffer);
    const myInterests = new Set(me.person.interests.map((x) => x.toLocaleLowerCase()));
    const mySkills = new Set(me.person.skills.map((x) => x.toLocaleLowerCase()));
    for (const key of myInterests)
      for (const slot of this.postings.get(this.id("i", key)) ?? []) if (interests[slot] < 255) interests[slot]++;
    for (const key of mySkills)
      for (const slot of this.postings.get(this.id("k", key)) ?? []) if (skills[slot] < 255) skills[slot]++;
    // Bios: cosine of the two term sets weighted by rarity at this event (common terms left out, see above).
    if (me.aboutNorm > 0) {
      for (const term of new Set(me.person.about)) {
        const id = this.id("a", term);
        if ((this.bioCount.get(id) ?? 0) > Math.max(2, this.size * COMMON_TERM_SHARE)) continue;
        const weight = this.idf(id) ** 2;
        for (const slot of this.postings.get(id) ?? []) bio[slot] += weight;
      }
      for (let slot = 0; slot < n; slot++)
        if (bio[slot] > 0) {
          const norm = this.slots[slot].aboutNorm;
          bio[slot] = norm > 0 ? Math.min(1, bio[slot] / (me.aboutNorm * norm)) : 0;
        }
    }
    for (const [userId, mutual] of friends) {
      const slot = this.slotOf.get(userId);
      if (slot !== undefined) friendCount[slot] = Math.min(65_535, mutual.count);
    }
    const meFree = me.person.free;

    // The best k, kept sorted: most slots are turned away by the last one kept.
    const top: Array<{ slot: number; score: number }> = [];
    const before = (score: number, userId: number, other: { slot: number; score: number }) =>
      score > other.score || (score === other.score && userId < this.slots[other.slot].person.userId);
    for (let slot = 0; slot < n; slot++) {
      const entry = this.slots[slot];
      if (!entry.alive || slot === viewerSlot) continue;
      const score = pointsOf(
        offerSeek[slot],
        seekOffer[slot],
        interests[slot],
        skills[slot],
        friendCount[slot],
        bio[slot],
        meFree && this.freeSlots.has(slot),
      );
      const userId = entry.person.userId;
      if (top.length === k && !before(score, userId, top[k - 1])) continue;
      let at = top.length;
      while (at > 0 && before(score, userId, top[at - 1])) at--;
      top.splice(at, 0, { slot, score });
      if (top.length > k) top.pop();
    }

    // The reasons' lists, for those picked only: phrases, interests and skills as the candidate wrote them.
    return top.map(({ slot, score }) => {
      const entry = this.slots[slot];
      const named = (theirs: number[][], written: string[], mine: number[][], count: number) =>
        count === 0 ? [] : written.filter((_, i) => mine.some((m) => samePhrase(m, theirs[i])));
      // In the viewer's order, each as the candidate wrote it.
      const shared = (theirs: string[], mine: Set<string>, count: number) => {
        if (count === 0) return [];
        const said: string[] = [];
        for (const key of mine) {
          const written = theirs.find((x) => x.toLocaleLowerCase() === key);
          if (written !== undefined) said.push(written);
        }
        return said;
      };
      const signals: Signals = {
        offerSeek: named(entry.offering, entry.person.offering, me.seeking, offerSeek[slot]),
        seekOffer: named(entry.seeking, entry.person.seeking, me.offering, seekOffer[slot]),
        interests: shared(entry.person.interests, myInterests, interests[slot]),
        skills: shared(entry.person.skills, mySkills, skills[slot]),
        friends: friends.get(entry.person.userId) ?? null,
        bio: bio[slot],
        free: meFree && this.freeSlots.has(slot),
      };
      return { userId: entry.person.userId, score, signals };
    });
  }
}
