import { and, asc, between, gte, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { EARTH_RADIUS_KM, PEOPLE_PRIVACY_GRID_DEG } from "#contract/limits";
import type { Db } from "#server/db/client";
import { events } from "#server/modules/events/read-sql";
import { notSuspended, users } from "#server/modules/users/read-sql";
import { eventListedFor, notBlocked } from "../visibility";

export interface Circle {
  lat: number;
  lng: number;
  radiusKm: number;
}

const DEG = 180 / Math.PI;
/** A person can stand this far from their cell's centre, so the index box is widened by it. */
const CELL_HALF_DIAGONAL_KM = ((PEOPLE_PRIVACY_GRID_DEG / DEG) * EARTH_RADIUS_KM * Math.SQRT2) / 2;

/**
 * A lat/lng box around the circle, so the (lat, lng) btree index narrows rows before the exact
 * distance is computed. Near a pole or across the antimeridian the longitude bound is dropped
 * (the latitude range still uses the index) rather than split into two ranges.
 */
export function boundingBox({ lat, lng, radiusKm }: Circle) {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * DEG;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cosLat = Math.cos(Math.max(Math.abs(minLat), Math.abs(maxLat)) / DEG);
  const dLng = cosLat > 1e-6 ? dLat / cosLat : 360;
  const wraps = lng - dLng < -180 || lng + dLng > 180;
  return { minLat, maxLat, minLng: wraps ? null : lng - dLng, maxLng: wraps ? null : lng + dLng };
}

/** Great-circle distance in km (haversine, 6371 km earth), the same formula as contract/geo.ts. */
function distanceSql(latCol: AnyPgColumn | SQL, lngCol: AnyPgColumn | SQL, { lat, lng }: Circle): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(${latCol} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latCol})) * power(sin(radians(${lngCol} - ${lng}) / 2), 2)
  ))))`;
}

function withinCircle(
  latCol: AnyPgColumn,
  lngCol: AnyPgColumn,
  circle: Circle,
  distance: SQL<number>,
  boxMarginKm = 0,
) {
  const box = boundingBox({ ...circle, radiusKm: circle.radiusKm + boxMarginKm });
  return and(
    isNotNull(latCol),
    isNotNull(lngCol),
    between(latCol, box.minLat, box.maxLat),
    box.minLng === null ? undefined : between(lngCol, box.minLng, box.maxLng as number),
    sql`${distance} <= ${circle.radiusKm}`,
  );
}

export function nearbyRepository(db: Db) {
  return {
    async usersNear(circle: Circle, viewerId: number, limit: number, offset: number) {
      const cell = (column: AnyPgColumn) =>
        sql`(round(${column} / ${PEOPLE_PRIVACY_GRID_DEG}) * ${PEOPLE_PRIVACY_GRID_DEG})`;
      const distance = distanceSql(cell(users.lat), cell(users.lng), circle);
      return db
        .select({ user: users, distanceKm: distance.mapWith(Number) })
        .from(users)
        .where(
          and(
            withinCircle(users.lat, users.lng, circle, distance, CELL_HALF_DIAGONAL_KM),
            ne(users.id, viewerId),
            // Blocked either way, and suspended accounts, are not shown.
            notBlocked(viewerId, users.id),
            notSuspended,
          ),
        )
        .orderBy(asc(distance), asc(users.id))
        .limit(limit)
        .offset(offset);
    },
    /** Upcoming events the viewer may be offered on a listing (the visibility owner's rule). */
    async eventsNear(circle: Circle, viewerId: number, now: Date, limit: number, offset: number) {
      const distance = distanceSql(events.lat, events.lng, circle);
      return db
        .select({ event: events, distanceKm: distance.mapWith(Number) })
        .from(events)
        .where(
          and(
            withinCircle(events.lat, events.lng, circle, distance),
            gte(events.date, now),
            eventListedFor(viewerId, events),
          ),
        )
        .orderBy(asc(distance), asc(events.id))
        .limit(limit)
        .offset(offset);
    },
  };
}
export type NearbyRepository = ReturnType<typeof nearbyRepository>;
