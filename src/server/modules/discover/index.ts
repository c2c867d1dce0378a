/** The feed: the deck of events a person swipes, ranked per person, and the undo of a swipe. */

export { createCellPool } from "./cell-pool";
export { cellsOnBus } from "./cells-on-bus";
export { discoverRepository } from "./repository";
export { discoverService } from "./service";
