import { describe, expect, it } from "vitest";
import { feedResponseSchema } from "#contract/events";
import { contractSerializerCompiler } from "./contract-serializer";

const person = { id: 7, fullName: 'Ana "Ana" Díaz', username: "ana", profileImage: null };
const card = {
  id: 5,
  title: "Jazz\u2028night </script>",
  description: "d",
  date: "2027-01-01T19:00:00.000Z",
  timezone: "UTC",
  location: "Plaza",
  latitude: "1.5",
  longitude: "2.5",
  placeArea: null,
  imageUrl: "/uploads/a.webp",
  type: "social",
  category: null,
  friendGroupId: "all",
  hostId: 7,
  maxAttendees: null,
  goingCount: 3,
  tags: ["jazz"],
  groupId: null,
  groupEventType: null,
  canceledAt: null,
  createdAt: "2026-12-01T00:00:00.000Z",
  seriesId: 4,
  recurrence: "weekly",
  matchmaking: false,
  meetingSlotMinutes: 15,
  meetingSpots: [],
  host: person,
  cohosts: [person],
  attendees: [person],
  attendeeCount: 3,
  friendsGoing: 1,
  distanceKm: 1.5,
  score: 42,
  reasons: ["tag"],
  questions: [{ id: "diet", text: "Diet?", required: true }],
  maxGuestsPerPerson: 0,
};

describe("the serializer compiled from the contract", () => {
  it("writes a feed page exactly as zod's encoding does, nulls and escapes included", () => {
    const serialize = contractSerializerCompiler({ schema: feedResponseSchema });
    const page = {
      events: [card, { ...card, host: null, distanceKm: null, maxAttendees: 10, recurrence: null }],
      nextCursor: "abc",
      counts: { all: 2, music: 0 },
    };
    expect(serialize(page)).toBe(JSON.stringify(feedResponseSchema.encode(page as never)));
  });

  it("writes no field the contract does not name, at any depth", () => {
    const serialize = contractSerializerCompiler({ schema: feedResponseSchema });
    const secretive = {
      ...card,
      doorCode: "4711",
      host: { ...person, email: "ana@example.com", passwordHash: "x" },
      attendees: [{ ...person, email: "ana@example.com" }],
      questions: [{ id: "diet", text: "Diet?", required: true, answer: "vegan" }],
    };
    const written = serialize({ events: [secretive], nextCursor: null, counts: { all: 1 }, sessionToken: "t" });
    for (const secret of ["4711", "ana@example.com", "passwordHash", "vegan", "sessionToken"])
      expect(written).not.toContain(secret);
    expect(JSON.parse(written).events[0].host).toEqual(person);
  });
});
