/** Places: the offline city gazetteer, the operator's address geocoder, and the time zone at a point. */
export { createGeocoder } from "./geocoder";
export { placesService } from "./service";
export { eventTimeZone, zoneAt } from "./time-zone";
