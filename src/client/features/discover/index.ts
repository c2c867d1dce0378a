// The discover feature's public entry: the deck's query key, for the first screen to seed what the server drew.
// Its page is loaded by screens.ts on its own (a lazy chunk), not through here.
export { type FeedParams, feedKey } from "./feed";
