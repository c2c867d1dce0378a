import { REGISTER_PROFILE_DEFAULTS } from "@contract/auth";
import type { Event, FeedItem } from "@contract/events";
import type { CurrentUser } from "@contract/users";

/** A signed-in user as GET /api/user answers it: a new account's profile; override what the test is about. */
export function currentUserFixture(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    fullName: "Vera Viewer",
    username: "vera",
    email: "vera@example.com",
    ...REGISTER_PROFILE_DEFAULTS,
    publicProfile: true,
    language: "en",
    offering: [],
    seeking: [],
    ...overrides,
  };
}

/** An event row as the API sends it: a social dinner in 2030 with no place, picture or group. */
export function eventFixture(overrides: Partial<Event> = {}): Event {
  return {
    id: 11,
    title: "Rooftop dinner",
    description: "Tacos",
    date: "2030-06-01T23:00:00.000Z",
    timezone: "America/New_York",
    location: "Roof",
    latitude: "",
    longitude: "",
    placeArea: null,
    imageUrl: null,
    type: "social",
    category: null,
    friendGroupId: "all",
    hostId: 3,
    maxAttendees: null,
    goingCount: 0,
    tags: [],
    groupId: null,
    groupEventType: null,
    canceledAt: null,
    createdAt: "2030-01-01T00:00:00.000Z",
    seriesId: null,
    recurrence: null,
    matchmaking: false,
    meetingSlotMinutes: 15,
    meetingSpots: [],
    ...overrides,
  };
}

/** A card of the swipe feed: the event with nobody going, no friends, no distance, no reasons. */
export function feedItemFixture(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    ...eventFixture(),
    host: null,
    cohosts: [],
    attendees: [],
    attendeeCount: 0,
    friendsGoing: 0,
    distanceKm: null,
    score: 0,
    reasons: [],
    questions: [],
    maxGuestsPerPerson: 0,
    ...overrides,
  };
}
