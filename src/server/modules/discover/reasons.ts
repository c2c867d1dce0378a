import { formatDistance } from "#contract/geo";
import { SCORE } from "./scoring";

/** Reasons within this distance say how far away the event is. */
const NEAR_KM = 5;

export interface ScoreParts {
  tagOverlap: number;
  matchedTag: string | null;
  friendsGoing: number;
  fits: boolean;
  distanceKm: number | null;
  followed: boolean;
}

const FOLLOWED_REASON = "From someone you follow";

function friendsGoingText(n: number) {
  return n === 1 ? "1 friend going" : `${n} friends going`;
}

/** The two strongest reasons a card is in the deck, strongest first. */
export function reasonsFor(p: ScoreParts): string[] {
  const reasons: Array<[number, string]> = [];
  if (p.followed) reasons.push([SCORE.followed, FOLLOWED_REASON]);
  if (p.tagOverlap > 0 && p.matchedTag)
    reasons.push([p.tagOverlap * SCORE.perTag, `Matches your interest: ${p.matchedTag.toLowerCase()}`]);
  if (p.friendsGoing > 0) reasons.push([p.friendsGoing * SCORE.perFriend, friendsGoingText(p.friendsGoing)]);
  if (p.fits) reasons.push([SCORE.availability, "Fits your availability"]);
  if (p.distanceKm != null && p.distanceKm <= NEAR_KM) reasons.push([5, `${formatDistance(p.distanceKm)} away`]);
  return reasons
    .sort((a, b) => b[0] - a[0])
    .slice(0, 2)
    .map(([, text]) => text);
}
