import { randomBytes } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { addDays, format, setHours, setMinutes, startOfDay } from "date-fns";
import { sql } from "drizzle-orm";
import type { Industry } from "#contract/categories";
import type { GroupEventType } from "#contract/groups";
import type { TimeSlotId } from "#contract/time-slots";
import { hashPassword } from "../modules/auth";
import { optInEveryoneGoing } from "../modules/matching";
import { toWebpVariants } from "../modules/uploads";
import type { Db } from "./client";
import {
  availability,
  chatMessages,
  eventParticipants,
  events,
  eventVotes,
  friendships,
  groupInvites,
  groupMembers,
  groups,
  uploads,
  uploadVariants,
  userRoles,
  users,
} from "./schema";
import { avatarSvg, type CoverScene, coverSvg } from "./seed-art";

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

type SeedEvent = {
  title: string;
  location: string;
  tags: string[];
  /** Local wall-clock time in the demo city; the test holds titles to it ("Sunset" after 5 PM). */
  at: [hour: number, minute: number];
  /** The drawn cover, or null for the few events that keep their category illustration. */
  cover: CoverScene | null;
  description: string;
};

const socialEvents: SeedEvent[] = [
  {
    title: "Sunset Yoga in the Park",
    location: "Golden Gate Park",
    tags: ["yoga", "fitness", "outdoor"],
    at: [18, 0],
    cover: "sunset",
    description:
      "An easy hour of flow on the grass by the Conservatory of Flowers while the light goes gold. Bring a mat or a towel; beginners are very welcome and we'll finish with a few minutes of quiet.",
  },
  {
    title: "Taco Tuesday Food Crawl",
    location: "Mission District",
    tags: ["food", "drinks"],
    at: [18, 30],
    cover: "table",
    description:
      "Four taquerias, one small plate at each, and a vote at the end for the best al pastor on Valencia. Comfortable shoes and an appetite are the only requirements.",
  },
  {
    title: "Indie Music Night",
    location: "The Independent",
    tags: ["music", "concert"],
    at: [20, 0],
    cover: "skyline",
    description:
      "Three local bands I've been raving about all month. Doors at 7:30, first set at 8. Let's meet at the bar and grab a spot near the front.",
  },
  {
    title: "Twin Peaks Sunrise Hike",
    location: "Twin Peaks",
    tags: ["hiking", "outdoor", "nature"],
    at: [6, 15],
    cover: "mountains",
    description:
      "A short but steep climb to watch the city wake up. We start at the Christmas Tree Point lot in the dark, so bring a headlamp and a layer; coffee after at the bottom.",
  },
  {
    title: "Watercolor Workshop",
    location: "Mission Art Studio",
    tags: ["art", "workshop", "creative"],
    at: [14, 0],
    cover: null,
    description:
      "A relaxed Saturday afternoon of loose landscapes with a local illustrator. All paper and paints are provided, so just bring yourself.",
  },
  {
    title: "Board Game Marathon",
    location: "Game Parlor",
    tags: ["games", "gaming"],
    at: [13, 0],
    cover: "neon",
    description:
      "Catan, Wingspan, Codenames and whatever you bring. Drop in any time during the afternoon; there's always a table looking for one more player.",
  },
  {
    title: "20s Social Mixer",
    location: "Rooftop Lounge",
    tags: ["young adults", "drinks"],
    at: [19, 0],
    cover: "bokeh",
    description:
      "New to the city or just want new faces? A low-key rooftop hang for people in their twenties, with name tags that are optional but encouraged.",
  },
  {
    title: "Wine Tasting Evening",
    location: "Napa Room, SoMa",
    tags: ["wine", "30+"],
    at: [19, 30],
    cover: "bokeh",
    description:
      "Six small-producer wines from Sonoma and the Central Coast, paired with cheese. The sommelier keeps it friendly and jargon-free.",
  },
  {
    title: "Bootcamp Fitness Class",
    location: "Marina Green",
    tags: ["fitness"],
    at: [7, 0],
    cover: "sunset",
    description:
      "Forty-five minutes of intervals by the water before work. Every exercise has an easier option, and we finish in time for a 9 AM start.",
  },
  {
    title: "Street Food Festival",
    location: "Ferry Building",
    tags: ["food", "outdoor"],
    at: [11, 30],
    cover: "table",
    description:
      "Thirty vendors along the Embarcadero. Let's meet by the clock tower, split up to sample, and regroup on the pier to share the winners.",
  },
  {
    title: "Jazz & Drinks",
    location: "SFJAZZ Center",
    tags: ["music", "drinks", "30+"],
    at: [20, 30],
    cover: "skyline",
    description:
      "A trio in the lobby lounge playing standards and a few originals. Cocktails are good, the seats are comfy, and the conversation is easy between sets.",
  },
  {
    title: "Pottery for Beginners",
    location: "Clay Space",
    tags: ["creative", "art"],
    at: [10, 0],
    cover: null,
    description:
      "Your first time on the wheel: centering, pulling walls, and a lot of laughing at lopsided bowls. Pieces are glazed and ready to pick up two weeks later.",
  },
  {
    title: "Retro Game Night",
    location: "Arcade Bar",
    tags: ["gaming", "young adults"],
    at: [20, 0],
    cover: "neon",
    description:
      "Street Fighter II, Mario Kart 64 and a Galaga high-score challenge. Tokens are on me for the first round.",
  },
  {
    title: "Lands End Nature Walk",
    location: "Lands End Trail",
    tags: ["nature", "hiking"],
    at: [10, 30],
    cover: "mountains",
    description:
      "An easy coastal walk past the Sutro Baths ruins to the labyrinth, with views of the Golden Gate the whole way. About 3 miles at a chatty pace.",
  },
  {
    title: "College Trivia Night",
    location: "Campus Pub",
    tags: ["college", "games"],
    at: [19, 30],
    cover: "bokeh",
    description:
      "Teams of up to six, five rounds, one very competitive host. We need someone who knows sports and someone who knows 2000s pop.",
  },
  {
    title: "Open Mic Music Jam",
    location: "Cafe du Nord",
    tags: ["music", "creative"],
    at: [19, 0],
    cover: "skyline",
    description:
      "Sign-up sheet opens at 6:30. Bring an instrument, a song, or just come to cheer on friends trying something new.",
  },
  {
    title: "Dumpling Making Class",
    location: "Chinatown Kitchen",
    tags: ["food", "workshop"],
    at: [17, 30],
    cover: "table",
    description:
      "Learn to fold pork and chive dumplings three ways, then eat everything you made. Vegetarian filling available; tell me if you need it.",
  },
  {
    title: "Kayak the Bay",
    location: "Aquatic Park",
    tags: ["outdoor", "fitness"],
    at: [9, 0],
    cover: "mountains",
    description:
      "Two hours on calm morning water with views of Alcatraz. Kayaks, paddles and wetsuits are included; no experience needed.",
  },
  {
    title: "Street Art Tour",
    location: "Clarion Alley",
    tags: ["art", "outdoor"],
    at: [15, 0],
    cover: null,
    description:
      "A walk through the murals of Clarion and Balmy Alleys with stories about the artists behind them. Ends near Dolores Park for anyone who wants to hang out.",
  },
  {
    title: "Esports Watch Party",
    location: "Game Lounge",
    tags: ["gaming", "drinks"],
    at: [18, 0],
    cover: "neon",
    description:
      "The finals on the big screen, snacks on the counter, and a friendly bracket for predicting the winner. Jerseys encouraged.",
  },
  {
    title: "Rooftop Concert",
    location: "Union Square",
    tags: ["concert", "music"],
    at: [19, 30],
    cover: "skyline",
    description:
      "A string quartet playing pop covers on a rooftop above the square as the city lights come on. Bring a jacket; it gets breezy up there.",
  },
  {
    title: "Beach Volleyball",
    location: "Ocean Beach",
    tags: ["fitness", "outdoor", "young adults"],
    at: [16, 0],
    cover: "sunset",
    description:
      "Casual doubles and fours, rotating teams so everyone plays. We'll have a bonfire going afterwards if the wind allows.",
  },
  {
    title: "Cocktail Masterclass",
    location: "Trick Dog",
    tags: ["drinks", "workshop"],
    at: [18, 0],
    cover: "bokeh",
    description:
      "A bartender walks us through three classics and one house special. You'll shake, stir, and taste every one.",
  },
  {
    title: "Photography Walk",
    location: "Presidio",
    tags: ["creative", "nature"],
    at: [16, 30],
    cover: "mountains",
    description:
      "Golden-hour shooting through the eucalyptus groves and out to the bridge. Phones are as welcome as big cameras; we'll share tips as we go.",
  },
];

type SeedNetworkingEvent = SeedEvent & { category: Industry };

const networkingEvents: SeedNetworkingEvent[] = [
  {
    title: "Tech Founders Breakfast",
    category: "tech",
    location: "SoMa Coworking",
    tags: ["startups", "professional", "tech"],
    at: [8, 0],
    cover: "table",
    description:
      "Coffee, pastries and honest talk about the first year of building a company. Ten founders, one long table, no pitching allowed.",
  },
  {
    title: "Design Systems Meetup",
    category: "design",
    location: "Figma HQ",
    tags: ["design", "ux", "professional"],
    at: [18, 30],
    cover: null,
    description:
      "Two short talks on scaling component libraries, then open discussion. Bring a problem from your own system; someone will have solved it before.",
  },
  {
    title: "Growth Marketing Roundtable",
    category: "marketing",
    location: "Salesforce Tower",
    tags: ["marketing", "growth"],
    at: [12, 0],
    cover: "skyline",
    description:
      "A lunch-hour roundtable on what actually moved the needle this quarter. Lunch provided; come ready to share one experiment that worked and one that didn't.",
  },
  {
    title: "Fintech Happy Hour",
    category: "finance",
    location: "Financial District",
    tags: ["finance", "drinks", "professional"],
    at: [17, 30],
    cover: "bokeh",
    description: "After-work drinks for people building or investing in fintech. First round is on the organizers.",
  },
  {
    title: "EdTech Demo Night",
    category: "education",
    location: "Mission Bay",
    tags: ["education", "tech"],
    at: [18, 0],
    cover: "neon",
    description:
      "Six teams demo what they're building for classrooms, five minutes each, followed by feedback from teachers in the room.",
  },
  {
    title: "AI Engineers Mixer",
    category: "tech",
    location: "Hayes Valley",
    tags: ["ai", "ml", "tech"],
    at: [18, 30],
    cover: "neon",
    description:
      "People shipping ML to production, comparing notes on evals, costs and what broke last month. Casual, practical, and snacks.",
  },
  {
    title: "Women in Product Panel",
    category: "tech",
    location: "Dogpatch",
    tags: ["product", "professional"],
    at: [17, 0],
    cover: "skyline",
    description:
      "Four product leaders on career turns, managing up, and saying no. Q&A after, and time to meet the panelists.",
  },
  {
    title: "UX Portfolio Reviews",
    category: "design",
    location: "Design Lab",
    tags: ["design", "career", "workshop"],
    at: [10, 0],
    cover: null,
    description:
      "One-on-one reviews with senior designers. Bring a laptop with two case studies; you'll leave with concrete notes.",
  },
  {
    title: "Brand Storytelling Workshop",
    category: "marketing",
    location: "Creative Hub",
    tags: ["marketing", "workshop", "creative"],
    at: [14, 0],
    cover: "bokeh",
    description:
      "A hands-on afternoon turning product facts into a story people repeat. Small groups, real briefs, and a short share-out at the end.",
  },
  {
    title: "Angel Investing 101",
    category: "finance",
    location: "Embarcadero",
    tags: ["finance", "startups"],
    at: [18, 0],
    cover: "skyline",
    description:
      "An intro to writing your first small checks: how deals are found, what terms mean, and the mistakes everyone makes once.",
  },
  {
    title: "Teachers Who Code",
    category: "education",
    location: "Public Library",
    tags: ["education", "coding"],
    at: [16, 0],
    cover: null,
    description:
      "Educators building their own tools meet up to share scripts, spreadsheets and small apps that save them hours each week.",
  },
  {
    title: "Startup Pitch Practice",
    category: "tech",
    location: "Founders Space",
    tags: ["startups", "pitching"],
    at: [17, 0],
    cover: "sunset",
    description:
      "Three-minute pitches with kind, specific feedback from founders who have raised. Sign up to pitch or just come to listen.",
  },
  {
    title: "Data Viz Lightning Talks",
    category: "tech",
    location: "Civic Center",
    tags: ["data", "design"],
    at: [18, 30],
    cover: "neon",
    description:
      "Seven five-minute talks on charts that changed a decision. Slides are optional; good stories are not.",
  },
  {
    title: "Career Switchers Coffee",
    category: "education",
    location: "Blue Bottle, Hayes",
    tags: ["career", "professional"],
    at: [9, 0],
    cover: "table",
    description:
      "Morning coffee for people moving into tech from teaching, nursing, law and more. Swap stories, resources and introductions.",
  },
  {
    title: "Product Analytics Circle",
    category: "tech",
    location: "Mission Bay",
    tags: ["analytics", "product"],
    at: [12, 30],
    cover: "mountains",
    description: "A small circle of PMs and analysts working through one real metrics question together over lunch.",
  },
  {
    title: "Freelancers Networking Lunch",
    category: "design",
    location: "Ferry Building",
    tags: ["freelance", "food"],
    at: [12, 0],
    cover: "table",
    description: "Independent designers and developers comparing rates, clients and tools over lunch by the water.",
  },
];

/** What each demo person offers and seeks at networking events (their People to meet starts from these). */
const phrases: Record<string, { offering: string[]; seeking: string[] }> = {
  alex: { offering: ["product design", "user research"], seeking: ["frontend engineers", "investors"] },
  priya: { offering: ["frontend engineering", "code reviews"], seeking: ["product design feedback", "a cofounder"] },
  marcus: { offering: ["machine learning", "data analysis"], seeking: ["startup ideas", "datasets"] },
  sofia: { offering: ["brand strategy", "SEO"], seeking: ["designers", "product feedback"] },
  jamal: { offering: ["fundraising advice", "investor intros"], seeking: ["a technical cofounder", "engineers"] },
  emma: { offering: ["user interviews", "usability testing"], seeking: ["product designers"] },
  kenji: { offering: ["catering", "hospitality"], seeking: ["event partners"] },
  lena: { offering: ["photography", "writing"], seeking: ["internships", "mentors"] },
  omar: { offering: ["financial modeling", "angel investors"], seeking: ["startups to advise"] },
  grace: { offering: ["public speaking coaching"], seeking: ["edtech founders"] },
  diego: { offering: ["music production"], seeking: ["video creators"] },
  hannah: { offering: ["health advice"], seeking: ["healthtech startups"] },
};

const bios: Record<string, string> = {
  alex: "Designer by day, trail runner by weekend. Always looking for a hiking buddy and a good cortado.",
  priya: "Frontend engineer who unwinds with vinyasa and hunts for the best dosa in the Bay.",
  marcus: "Data person, synth tinkerer, reluctant Warriors fan. Ask me about my Elden Ring build.",
  sofia: "I market things for a living and drink natural wine for fun. Museum member, gallery-opening regular.",
  jamal: "Second-time founder. Morning workouts, evening meetups, and too many podcasts in between.",
  emma: "Researcher who listens for a living. Weekend pottery, weeknight bouldering.",
  kenji: "Chef at a small Japanese place in the Mission. I'll cook if you bring the music.",
  lena: "Journalism student at SF State. Trivia captain, concert photographer, bad at bowling.",
  omar: "Spreadsheets on weekdays, Mount Tam on Saturdays. Learning to cook my mum's recipes.",
  grace: "Fifth-grade teacher. Watercolors, long walks at Lands End and any excuse for a picnic.",
  diego: "Guitarist and producer. Playing open mics around the city and always up for a jam.",
  hannah: "ER nurse on a rotating schedule, so I love early yoga and spontaneous plans.",
};

/** An upload as the pipeline stores it: the seeded pictures are real WebP variants with ids like any other. */
type SeededUpload = { id: string; userId: number; variants: Array<{ width: number; data: Buffer }> };
const newUploadId = () => randomBytes(16).toString("base64url");
const uploadUrl = (id: string) => `/api/uploads/${id}`;

/** Renders each distinct picture once (the same scene and seed look alike anyway), so seeding stays quick. */
function pictureRenderer() {
  const cache = new Map<string, Promise<Array<{ width: number; data: Buffer }>>>();
  return (key: string, svg: () => string) => {
    let pending = cache.get(key);
    if (!pending) {
      pending = toWebpVariants(Buffer.from(svg()));
      cache.set(key, pending);
    }
    return pending;
  };
}

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
  const render = pictureRenderer();
  // Pictures are drawn before the transaction opens, so it holds its locks only for the inserts.
  const avatars = await Promise.all(people.map((_, i) => render(`avatar:${i}`, () => avatarSvg(i + 1))));
  const allEvents = [...socialEvents, ...networkingEvents];
  const covers = await Promise.all(
    allEvents.map((e, i) =>
      e.cover ? render(`cover:${e.cover}:${i % 3}`, () => coverSvg(e.cover as CoverScene, i % 3)) : null,
    ),
  );
  const avatarIds = people.map(() => newUploadId());
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
            bio: bios[username],
            ...phrases[username],
            profileImage: uploadUrl(avatarIds[i]),
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
    // The demo city's moderator (README): alex, the first demo person, holds the stored role.
    await tx.insert(userRoles).values({ userId: ids[0], role: "moderator" });
    const pictures: SeededUpload[] = ids.map((userId, i) => ({ id: avatarIds[i], userId, variants: avatars[i] }));
    const coverIds = allEvents.map(() => newUploadId());

    const eventRows = allEvents.map((e: SeedEvent & { category?: Industry }, i) => {
      const networking = e.category !== undefined;
      const pos = around(i + 3, 0.5 + (i % 10) * 2.2);
      const hostId = ids[i % ids.length];
      const cover = covers[i];
      if (cover) pictures.push({ id: coverIds[i], userId: hostId, variants: cover });
      // The city's wall-clock time the title promises (a sunset at sunset), on one of the next 30 days.
      const date = new Date(setMinutes(setHours(addDays(today, 1 + (i % 30)), e.at[0]), e.at[1]).getTime());
      return {
        title: e.title,
        description: e.description,
        location: e.location,
        tags: e.tags,
        type: networking ? ("networking" as const) : ("social" as const),
        category: e.category ?? null,
        friendGroupId: networking ? null : ("all" as const),
        maxAttendees: networking ? 20 : i % 4 === 0 ? 12 : null,
        imageUrl: cover ? uploadUrl(coverIds[i]) : null,
        date,
        latitude: String(pos.lat),
        longitude: String(pos.lng),
        lat: pos.lat,
        lng: pos.lng,
        hostId,
        timezone: DEMO_CITY.timeZone,
        // People come to networking events to meet: their People to meet is on, with a few tables.
        matchmaking: networking,
        meetingSpots: networking ? ["Table 1", "Table 2", "Table 3", "Table 4"] : [],
      };
    });
    await tx.insert(uploads).values(pictures.map((p) => ({ id: p.id, userId: p.userId, contentType: "image/webp" })));
    await tx
      .insert(uploadVariants)
      .values(pictures.flatMap((p) => p.variants.map((v) => ({ uploadId: p.id, width: v.width, data: v.data }))));
    const insertedEvents = await tx
      .insert(events)
      .values(eventRows)
      .returning({ id: events.id, hostId: events.hostId });

    // A few attendees per event, never the host, so avatar stacks and "friends going" have something to show.
    const participants = insertedEvents.flatMap((event, i) =>
      [1, 2, 3, 5]
        .slice(0, 1 + (i % 4))
        .map((step) => ids[(ids.indexOf(event.hostId) + step) % ids.length])
        .map((userId) => ({ eventId: event.id, userId, status: "going" as const })),
    );
    await tx.insert(eventParticipants).values(participants);
    for (const event of insertedEvents) {
      const going = participants.filter((p) => p.eventId === event.id).length;
      await tx.update(events).set({ goingCount: going }).where(sql`${events.id} = ${event.id}`);
    }
    // The guests of the networking events show themselves there, so People to meet has people from the start.
    await optInEveryoneGoing(
      tx,
      insertedEvents.filter((_, i) => eventRows[i].type === "networking").map((e) => e.id),
    );

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
        timeslots: ["evening", i % 2 ? "morning" : "night"] satisfies TimeSlotId[],
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
      ids.slice(0, 6).map((userId, i) => ({
        groupId: group.id,
        userId,
        role: i === 0 ? ("admin" as const) : ("member" as const),
      })),
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
        (
          [
            ["Saturday hike up Twin Peaks", "Meet at the trailhead, brunch after.", "sports", "Twin Peaks"],
            ["Board games night", "Bring your favourite game.", "entertainment", "Game Parlor"],
          ] satisfies Array<[string, string, GroupEventType, string]>
        ).map(([title, description, groupEventType, location], i) => ({
          title,
          description,
          location,
          type: "social" as const,
          groupEventType,
          groupId: group.id,
          hostId: ids[i],
          date: new Date(setHours(addDays(today, 3 + i * 4), 10 + i * 8).getTime()),
        })),
      )
      .returning({ id: events.id });
    await tx.insert(eventVotes).values(
      plans.flatMap((plan, p) =>
        ids.slice(0, 4 + p).map((userId, i) => ({
          eventId: plan.id,
          userId,
          vote: i % 3 === 2 ? ("maybe" as const) : ("yes" as const),
        })),
      ),
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
