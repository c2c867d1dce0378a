/** The feed: the deck of events a person swipes, ranked per person, and the undo of a swipe. */
export { feedRepository } from "./repository";
export { feedService } from "./service";
