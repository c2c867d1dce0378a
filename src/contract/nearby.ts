import { z } from "zod";
import { eventSchema } from "./events";
import { NEARBY_RADIUS_KM, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "./limits";
import { publicUserSchema } from "./users";

/** Nearby queries; radius defaults to 10 km (NEARBY_RADIUS_KM). Paginated by offset, nearest first. */
export const nearbyQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  radius: z.coerce.number().positive().max(500).default(NEARBY_RADIUS_KM),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

/** A person near you: public fields and a distance rounded to what the screen shows; never coordinates. */
export const nearbyUserSchema = publicUserSchema.extend({ distanceKm: z.number() });
export type NearbyUser = z.infer<typeof nearbyUserSchema>;

/** An upcoming public event near you; an event's place is public, so its coordinates travel. */
export const nearbyEventSchema = eventSchema.extend({ distanceKm: z.number() });
export type NearbyEvent = z.infer<typeof nearbyEventSchema>;
