import type { RegisterBody } from "#contract/auth";
import { createEvent, createUser, inDays, participate, type Who } from "#server/test/factories";
import type { TestApp } from "#server/test/test-app";

/** A profile's phrases and words, then the person going to the event and opted in with them. */
export interface Profile extends Partial<RegisterBody> {
  offering?: string[];
  seeking?: string[];
}

/**
 * A networking event (matchmaking on by default) four days ahead at 19:00 UTC, and helpers to bring people
 * to it as the API would: register, fill in the profile, go, opt in.
 */
export async function networkingEvent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const host = await createUser(t, { fullName: "Hana Host" });
  const date = inDays(4);
  const event = await createEvent(host, {
    title: "Founders' evening",
    type: "networking",
    maxAttendees: 500,
    date: date.toISOString(),
    friendGroupId: undefined,
    ...overrides,
  });
  /** A slot's start: `n` slots of `minutes` after the event's start. */
  const slot = (n: number, minutes = 15) => new Date(date.getTime() + n * minutes * 60_000).toISOString();
  return { host, event: { ...event, host }, date, slot };
}

/**
 * Registers someone with `profile`, sets their phrases, and (unless told not to) goes and opts in: at a
 * networking event they apply and `host` approves them.
 */
export async function attendee(
  t: TestApp,
  event: { id: number; host: Who },
  { offering, seeking, ...profile }: Profile = {},
  { going = true, optIn = true } = {},
): Promise<Who> {
  const eventId = event.id;
  const who = await createUser(t, profile);
  if (offering || seeking) {
    const res = await who.call({ method: "PATCH", url: `/api/users/${who.id}`, payload: { offering, seeking } });
    if (res.statusCode !== 200) throw new Error(`phrases: ${res.statusCode} ${res.body}`);
  }
  if (going) {
    const res = await participate(who, eventId, "going");
    if (res.statusCode >= 300) throw new Error(`going: ${res.statusCode} ${res.body}`);
    if (res.json().status === "pending") {
      const approved = await event.host.call({
        method: "POST",
        url: `/api/events/${eventId}/requests/${who.id}`,
        payload: { decision: "approve" },
      });
      if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
    }
  }
  if (optIn) {
    const res = await who.call({ method: "PUT", url: `/api/events/${eventId}/matching`, payload: { visible: true } });
    if (res.statusCode !== 200) throw new Error(`opt in: ${res.statusCode} ${res.body}`);
  }
  return who;
}

/** GET /api/events/{id}/matches as `who`, in a language. */
export async function matchesOf(who: Who, eventId: number, language = "en") {
  const res = await who.call({
    method: "GET",
    url: `/api/events/${eventId}/matches`,
    headers: { "accept-language": language },
  });
  return { status: res.statusCode, body: res.json() };
}
