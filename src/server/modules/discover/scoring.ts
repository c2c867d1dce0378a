// The ranking SQL, the in-memory window ranking and the card's reasons all weigh a card with these.
/** Match score weights: documented in docs/api.md so the ranking stays explainable. */
export const SCORE = {
  perTag: 30,
  maxTags: 3,
  perFriend: 20,
  maxFriends: 3,
  availability: 25,
  distance: 10,
  /** A host the person chose to follow says more than one shared interest. */
  followed: 35,
} as const;
