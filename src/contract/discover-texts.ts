// Discover's texts (the Social swipe deck, the Networking list), Nearby's and the distances both show, apart
// from the schemas: the first screen reads them without loading zod.
import { defineTexts } from "./i18n/texts";

/** The Discover screen: its tabs, search, filters, the swipe deck and its cards, the Networking list. */
export const DISCOVER_TEXTS = defineTexts("discover", {
  social: "Social",
  networking: "Networking",
  nearby: "Nearby",
  searchSocial: "Search social events...",
  searchNetworking: "Search events by title, description, or tags...",
  categories: "Categories",
  withinRadius: "Events within {km}km of your location",
  clear: "Clear",
  loadingEvents: "Loading Events...",
  findingEvents: "Finding events near you...",
  noMatches: 'No events match "{q}"',
  noMatchesDetail: "Try another word, or clear the search to see every event.",
  clearSearch: "Clear search",
  whenFree: "When I'm free",
  anyTime: "Any time",
  nothingFree: "Nothing in your free times",
  nothingFreeDetail: "Only events in the times you published in My Availability show here.",
  myAvailability: "My Availability",
  savedOffline: "Saved offline",
  savedOfflineDetail: "Your answer to {title} will be sent when you're back online",
  error: "Error",
  answerFailed: "Failed to update your response",
  undoFailed: "Could not undo your last swipe",
  undo: "Undo",
  noMoreEvents: "No More Events",
  noMoreEventsDetail: "You've seen all available events in your area. Check back later for new events!",
  refresh: "Refresh",
  answeredGoing: "Going: {title}",
  answeredPassed: "Passed: {title}",
  /** The hint under the deck: the gestures keep their English sides in every language (see swipe-card.tsx). */
  swipeHint: "Swipe right to go, left to pass",
  left: "{count} left",
  whyThisEvent: "Why this event",
  viewProfile: "View Profile",
  decline: "Decline",
  going: "Going",
  stampGoing: "GOING",
  stampPass: "PASS",
  friendsGoing: "{count, plural, one {# friend going} other {# friends going}}",
  networkingEvents: "Networking Events",
  networkingDetail: "Find professional events that match your interests",
  noNetworking: "No Networking Events",
  noNetworkingDetail: "There are no networking events to show right now.",
  applicationSubmitted: "Application Submitted",
  applicationPending: "Your request to join {title} is pending approval.",
  applyFailed: "Failed to submit your application",
  capacity: "{count}/{max} going",
  pending: "Pending",
  apply: "Apply",
  applyTo: "Apply to {title}",
  /** The reasons the server gives for a card, read again in the viewer's language. */
  reasonFollowed: "From someone you follow",
  reasonInterest: "Matches your interest: {interest}",
  reasonFits: "Fits your availability",
  reasonAway: "{distance} away",
});

/** Nearby people and events. */
export const NEARBY_TEXTS = defineTexts("nearby", {
  title: "Nearby",
  subtitle: "People and events within {km} km of you",
  findingLocation: "Finding your location...",
  noLocation: "We couldn't find your location",
  noLocationDetail:
    "Allow location access for Link in your browser or device settings to see who and what is near you.",
  tryAgain: "Try again",
  people: "People near you",
  peopleFailed: "People nearby couldn't be loaded.",
  nobody: "Nobody within {km} km right now.",
  events: "Events near you",
  eventsFailed: "Events nearby couldn't be loaded.",
  noEvents: "No upcoming events within {km} km.",
  loading: "Loading...",
  showMore: "Show more",
  showMorePeople: "Show more people",
  showMoreEvents: "Show more events",
});

/** A distance as the screens show it (geo.ts's distanceParts says which and how many decimals). */
export const DISTANCE_TEXTS = defineTexts("distance", {
  metres: "{distance} m",
  kilometres: "{distance} km",
});
