/** Who and what is near a point: people (on a privacy grid) and upcoming public events. */
export { nearbyRepository } from "./repository";
export { nearbyService } from "./service";
