import { sql } from "drizzle-orm";
import { TZDate } from "@date-fns/tz";
import { addDays, format, setHours, startOfDay } from "date-fns";
import { hashPassword } from "../modules/auth/service";
import type { Db } from "./client";
import {
  availability,
  chatMessages,
  eventParticipants,
  eventVotes,
  events,
  friendships,
  groupInvites,
  groupMembers,
  groups,
  users,
} from "./schema";

/** San Francisco: the demo city every seeded position is near. */
export const DEMO_CITY = { name: "San Francisco", lat: 37.7749, lng: -122.4194, timeZone: "America/Los_Angeles" };
/** Every demo account signs in with this password (README). */
export const DEMO_PASSWORD = "linkdemo";

const people = [
  ["Alex Rivera", "alex", "Product Designer", ["design", "hiking", "coffee"], ["figma", "research"]],
  ["Priya Shah", "priya", "Software Engineer", ["tech", "yoga", "food"], ["typescript", "react"]],
  ["Marcus Lee", "marcus", "Data Scientist", ["music", "gaming", "tech"], ["python", "ml"]],
  ["Sofia Martins", "sofia", "Marketing Lead", ["wine", "art", "travel"], ["branding", "seo"]],
  ["Jamal Carter", "jamal", "Founder", ["networking", "fitness", "startups"], ["fundraising", "sales"]],
  ["Emma Novak", "emma", "UX Researcher", ["creative", "workshop", "nature"], ["interviews", "design"]],
  ["Kenji Watanabe", "kenji", "Chef", ["food", "drinks", "music"], ["cooking", "hospitality"]],
  ["Lena Fischer", "lena", "Student", ["college", "games", "concert"], ["writing", "photography"]],
  ["Omar Haddad", "omar", "Financial Analyst", ["finance", "professional", "hiking"], ["excel", "modeling"]],
  ["Grace Kim", "grace", "Teacher", ["education", "art", "outdoor"], ["teaching", "public speaking"]],
  ["Diego Alvarez", "diego", "Musician", ["music", "concert", "young adults"], ["guitar", "production"]],
  ["Hannah Brooks", "hannah", "Nurse", ["fitness", "yoga", "nature"], ["care", "first aid"]],
] as const;

const socialEvents: [string, string, string[]][] = [
  ["Sunset Yoga in the Park", "Golden Gate Park", ["yoga", "fitness", "outdoor"]],
  ["Taco Tuesday Food Crawl", "Mission District", ["food", "drinks"]],
  ["Indie Music Night", "The Independent", ["music", "concert"]],
  ["Twin Peaks Sunrise Hike", "Twin Peaks", ["hiking", "outdoor", "nature"]],
  ["Watercolor Workshop", "Mission Art Studio", ["art", "workshop", "creative"]],
  ["Board Game Marathon", "Game Parlor", ["games", "gaming"]],
  ["20s Social Mixer", "Rooftop Lounge", ["young adults", "drinks"]],
  ["Wine Tasting Evening", "Napa Room, SoMa", ["wine", "30+"]],
  ["Bootcamp Fitness Class", "Marina Green", ["fitness"]],
  ["Street Food Festival", "Ferry Building", ["food", "outdoor"]],
  ["Jazz & Drinks", "SFJAZZ Center", ["music", "drinks", "30+"]],
  ["Pottery for Beginners", "Clay Space", ["creative", "art"]],
  ["Retro Game Night", "Arcade Bar", ["gaming", "young adults"]],
  ["Lands End Nature Walk", "Lands End Trail", ["nature", "hiking"]],
  ["College Trivia Night", "Campus Pub", ["college", "games"]],
  ["Open Mic Music Jam", "Cafe du Nord", ["music", "creative"]],
  ["Dumpling Making Class", "Chinatown Kitchen", ["food", "workshop"]],
  ["Kayak the Bay", "Aquatic Park", ["outdoor", "fitness"]],
  ["Street Art Tour", "Clarion Alley", ["art", "outdoor"]],
  ["Esports Watch Party", "Game Lounge", ["gaming", "drinks"]],
  ["Rooftop Concert", "Union Square", ["concert", "music"]],
  ["Beach Volleyball", "Ocean Beach", ["fitness", "outdoor", "young adults"]],
  ["Cocktail Masterclass", "Trick Dog", ["drinks", "workshop"]],
  ["Photography Walk", "Presidio", ["creative", "nature"]],
];

const networkingEvents: [string, string, string, string[]][] = [
  ["Tech Founders Breakfast", "tech", "SoMa Coworking", ["startups", "professional", "tech"]],
  ["Design Systems Meetup", "design", "Figma HQ", ["design", "ux", "professional"]],
  ["Growth Marketing Roundtable", "marketing", "Salesforce Tower", ["marketing", "growth"]],
  ["Fintech Happy Hour", "finance", "Financial District", ["finance", "drinks", "professional"]],
  ["EdTech Demo Night", "education", "Mission Bay", ["education", "tech"]],
  ["AI Engineers Mixer", "tech", "Hayes Valley", ["ai", "ml", "tech"]],
  ["Women in Product Panel", "tech", "Dogpatch", ["product", "professional"]],
  ["UX Portfolio Reviews", "design", "Design Lab", ["design", "career", "workshop"]],
  ["Brand Storytelling Workshop", "marketing", "Creative Hub", ["marketing", "workshop", "creative"]],
  ["Angel Investing 101", "finance", "Embarcadero", ["finance", "startups"]],
  ["Teachers Who Code", "education", "Public Library", ["education", "coding"]],
  ["Startup Pitch Practice", "tech", "Founders Space", ["startups", "pitching"]],
  ["Data Viz Lightning Talks", "tech", "Civic Center", ["data", "design"]],
  ["Career Switchers Coffee", "education", "Blue Bottle, Hayes", ["career", "professional"]],
  ["Product Analytics Circle", "tech", "Mission Bay", ["analytics", "product"]],
  ["Freelancers Networking Lunch", "design", "Ferry Building", ["freelance", "food"]],
];

/** A position about `km` kilometres from the demo city in a direction that varies with i. */
function around(i: number, km: number) {
  const angle = (i * 137.5 * Math.PI) / 180;
  const lat = DEMO_CITY.lat + (km / 111) * Math.sin(angle);
  const lng = DEMO_CITY.lng + (km / (111 * Math.cos((DEMO_CITY.lat * Math.PI) / 180))) * Math.cos(angle);
  return { lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)) };
}

/** Fills an empty database with a living demo: people, events, a group with messages. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Event hours are the city's wall-clock hours (9am-8pm there), whatever zone the server runs in.
  const today = startOfDay(new TZDate(Date.now(), DEMO_CITY.timeZone));

  await db.transaction(async (tx) => {
    const insertedUsers = await tx
      .insert(users)
      .values(
        people.map(([fullName, username, profession, interests, skills], i) => {
          const pos = around(i, 1 + (i % 6) * 2);
          return {
            fullName,
            username,
            email: `${username}@demo.link`,
            passwordHash,
            profession,
            bio: `${fullName.split(" ")[0]} here: ${profession.toLowerCase()} in ${DEMO_CITY.name}, into ${interests.join(", ")}.`,
            interests: [...interests],
            skills: [...skills],
            careerPath: profession,
            latitude: String(pos.lat),
            longitude: String(pos.lng),
            lat: pos.lat,
            lng: pos.lng,
            timezone: DEMO_CITY.timeZone,
          };
        }),
      )
      .returning({ id: users.id });
    const ids = insertedUsers.map((u) => u.id);

    const eventRows = [
      ...socialEvents.map(([title, location, tags], i) => ({
        title,
        location,
        tags,
        type: "social" as const,
        category: null,
        friendGroupId: "all",
        maxAttendees: i % 4 === 0 ? 12 : null,
        description: `Join us for ${title.toLowerCase()} at ${location}. Bring a friend or come meet new ones.`,
      })),
      ...networkingEvents.map(([title, category, location, tags]) => ({
        title,
        location,
        tags,
        type: "networking" as const,
        category,
        friendGroupId: null,
        maxAttendees: 20,
        description: `${title}: meet people in ${category} over conversation and short talks at ${location}.`,
      })),
    ].map((e, i) => {
      const pos = around(i + 3, 0.5 + (i % 10) * 2.2);
      const date = new Date(setHours(addDays(today, 1 + (i % 30)), 9 + (i % 12)).getTime());
      return {
        ...e,
        date,
        latitude: String(pos.lat),
        longitude: String(pos.lng),
        lat: pos.lat,
        lng: pos.lng,
        hostId: ids[i % ids.length],
      };
    });
    const insertedEvents = await tx.insert(events).values(eventRows).returning({ id: events.id, hostId: events.hostId });

    // A few attendees per event, never the host, so avatar stacks and "friends going" have something to show.
    const participants = insertedEvents.flatMap((event, i) =>
      [1, 2, 3, 5]
        .slice(0, 1 + (i % 4))
        .map((step) => ids[(ids.indexOf(event.hostId) + step) % ids.length])
        .map((userId) => ({ eventId: event.id, userId, status: "going" })),
    );
    await tx.insert(eventParticipants).values(participants);
    for (const event of insertedEvents) {
      const going = participants.filter((p) => p.eventId === event.id).length;
      await tx.update(events).set({ goingCount: going }).where(sql`${events.id} = ${event.id}`);
    }

    await tx.insert(friendships).values(
      ids.flatMap((id, i) => [
        { requesterId: id, addresseeId: ids[(i + 1) % ids.length], status: "accepted" as const },
        { requesterId: id, addresseeId: ids[(i + 4) % ids.length], status: "accepted" as const },
      ]),
    );

    await tx.insert(availability).values(
      ids.slice(0, 6).map((userId, i) => ({
        userId,
        date: format(addDays(today, i + 1), "yyyy-MM-dd"),
        timeslots: ["evening", i % 2 ? "morning" : "night"],
      })),
    );

    const [group] = await tx
      .insert(groups)
      .values({
        name: "Weekend Explorers",
        description: "Hikes, brunches and whatever else the weekend brings.",
        isPrivate: true,
        inviteCode: "explore-sf-demo",
        createdBy: ids[0],
      })
      .returning({ id: groups.id });
    await tx.insert(groupMembers).values(
      ids.slice(0, 6).map((userId, i) => ({ groupId: group.id, userId, role: i === 0 ? ("admin" as const) : ("member" as const) })),
    );
    await tx.insert(groupInvites).values({
      groupId: group.id,
      code: "explore-sf-demo",
      createdBy: ids[0],
      expiresAt: addDays(today, 365),
      maxUses: 100,
    });
    // Two plans up for a vote, so the group's Vote on Events shows live counts from the start.
    const plans = await tx
      .insert(events)
      .values(
        [
          ["Saturday hike up Twin Peaks", "Meet at the trailhead, brunch after.", "sports", "Twin Peaks"],
          ["Board games night", "Bring your favourite game.", "entertainment", "Game Parlor"],
        ].map(([title, description, groupEventType, location], i) => ({
          title,
          description,
          location,
          type: "social",
          groupEventType,
          groupId: group.id,
          hostId: ids[i],
          date: new Date(setHours(addDays(today, 3 + i * 4), 10 + i * 8).getTime()),
        })),
      )
      .returning({ id: events.id });
    await tx.insert(eventVotes).values(
      plans.flatMap((plan, p) => ids.slice(0, 4 + p).map((userId, i) => ({ eventId: plan.id, userId, vote: i % 3 === 2 ? "maybe" : "yes" }))),
    );
    const lines = [
      "Who's up for Twin Peaks on Saturday?",
      "Count me in! Sunrise or later?",
      "Sunrise is brutal. 9am?",
      "9am works. Brunch after at Zazie?",
      "Yes please. I'll book a table for six.",
      "Bringing my camera, the fog should be amazing.",
    ];
    await tx.insert(chatMessages).values(
      lines.map((message, i) => ({
        groupId: group.id,
        userId: ids[i % 6],
        message,
        sentAt: new Date(Date.now() - (lines.length - i) * 15 * 60_000),
      })),
    );
  });
  return true;
}
