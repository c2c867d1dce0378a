import type { APIRequestContext } from "@playwright/test";
import { grantAccess } from "./access-grant";

/** Shared setup for the events journeys: users and events made through the real API. */
let counter = 0;
export function uniqueToken(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export async function registerVia(request: APIRequestContext, fields: Record<string, unknown> = {}) {
  const name = uniqueToken("ev");
  const res = await (await grantAccess(request)).post("/api/register", {
    data: { fullName: `Eve ${name}`, username: name, email: `${name}@example.com`, password: "secret123", ...fields },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; fullName: string };
}

export async function createEventVia(request: APIRequestContext, hostId: number, body: Record<string, unknown>) {
  const res = await request.post("/api/events", {
    data: {
      description: "Made by an e2e journey",
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: "Test Hall",
      hostId,
      type: "social",
      ...body,
    },
  });
  if (res.status() !== 201) throw new Error(`create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; title: string };
}

export async function participantsOf(request: APIRequestContext, eventId: number) {
  const res = await request.get(`/api/event-participants?eventIds=${eventId}`);
  return (await res.json()) as Array<{ userId: number; status: string }>;
}
