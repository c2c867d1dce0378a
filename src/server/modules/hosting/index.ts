/** Hosting an event: series, co-hosts, questions and plus-ones, the guest list, updates to guests, check-in. */
export type { SeriesScope } from "#contract/hosting";
export { forgetUpdatesBy, hostingRepository } from "./repository";
export {
  checkResponse,
  type HostingService,
  hostingColumns,
  hostingService,
  occurrenceDates,
} from "./service";
