import { coarsenDistanceKm } from "#contract/geo";
import type { NearbyEvent, NearbyQuery, NearbyUser } from "#contract/nearby";
import { toEvent } from "../events";
import { toPublicUser } from "../users";
import type { NearbyRepository } from "./repository";

/** People and events within a radius of a point, nearest first. */
export function nearbyService({ repo }: { repo: NearbyRepository }) {
  return {
    async usersNear(viewerId: number, { lat, lng, radius, limit, offset }: NearbyQuery): Promise<NearbyUser[]> {
      const rows = await repo.usersNear({ lat, lng, radiusKm: radius }, viewerId, limit, offset);
      // Only public fields and the displayed precision leave: nobody's position can be read back.
      return rows.map((r) => ({ ...toPublicUser(r.user), distanceKm: coarsenDistanceKm(r.distanceKm) }));
    },
    async eventsNear(
      viewerId: number,
      { lat, lng, radius, limit, offset }: NearbyQuery,
      now = new Date(),
    ): Promise<NearbyEvent[]> {
      const rows = await repo.eventsNear({ lat, lng, radiusKm: radius }, viewerId, now, limit, offset);
      return rows.map(({ event, distanceKm }) => ({ ...toEvent(event), distanceKm }));
    },
  };
}
