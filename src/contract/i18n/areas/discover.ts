// The sets of texts of one area of the app, by namespace (the catalogs es/discover.ts and ar/discover.ts translate them).
import { AVAILABILITY_TEXTS } from "../../availability";
import { MY_AVAILABILITY_TEXTS } from "../../availability-texts";
import { CATEGORY_TEXTS, INDUSTRY_TEXTS } from "../../discover-categories";
import { DISCOVER_TEXTS, DISTANCE_TEXTS, NEARBY_TEXTS } from "../../discover-texts";
import { EARLY_ACCESS_LIMIT_TEXTS } from "../../early-access";
import { CREATE_EVENT_TEXTS, EVENT_PAGE_TEXTS, MY_EVENTS_TEXTS } from "../../event-page-texts";
import { SHARE_TEXTS } from "../../event-sharing-texts";
import { CREATE_EVENT_MISSING_TEXTS, EVENT_RULE_TEXTS, EVENT_TEXTS } from "../../events";
import { FREE_WINDOW_TEXTS } from "../../free-windows";
import { PLACE_TEXTS } from "../../places-texts";
import { TIME_SLOT_TEXTS } from "../../time-slots";

export const DISCOVER_NAMESPACES = {
  discover: DISCOVER_TEXTS,
  nearby: NEARBY_TEXTS,
  distance: DISTANCE_TEXTS,
  categories: CATEGORY_TEXTS,
  industries: INDUSTRY_TEXTS,
  freeWindows: FREE_WINDOW_TEXTS,
  timeSlots: TIME_SLOT_TEXTS,
  events: EVENT_TEXTS,
  eventRules: EVENT_RULE_TEXTS,
  createEventMissing: CREATE_EVENT_MISSING_TEXTS,
  createEvent: CREATE_EVENT_TEXTS,
  eventPage: EVENT_PAGE_TEXTS,
  myEvents: MY_EVENTS_TEXTS,
  share: SHARE_TEXTS,
  place: PLACE_TEXTS,
  availability: AVAILABILITY_TEXTS,
  myAvailability: MY_AVAILABILITY_TEXTS,
  earlyAccessLimit: EARLY_ACCESS_LIMIT_TEXTS,
};
