import { defineTexts } from "./i18n/texts";
// Time-zone ids, labels and checks, without zod: the register form on the client's first screen reads them.
// timezones.ts re-exports them with the schemas.
import { DEFAULT_TIMEZONE } from "./limits";

/** The ten common timezone options Settings lists first, as IANA ids (the usual id of the zone each label names). */
/** The common zones' names, translated in each language's catalog (zone ids and abbreviations stay as they are). */
export const ZONE_LABEL_TEXTS = defineTexts("zoneLabels", {
  eastern: "Eastern Time (ET)",
  central: "Central Time (CT)",
  mountain: "Mountain Time (MT)",
  pacific: "Pacific Time (PT)",
  alaska: "Alaska Time",
  hawaii: "Hawaii Time",
  greenwich: "Greenwich Mean Time (GMT)",
  centralEuropean: "Central European Time (CET)",
  japan: "Japan Standard Time (JST)",
  australianEastern: "Australian Eastern Time (AET)",
});

export const TIMEZONE_OPTIONS = [
  { id: "America/New_York", label: "eastern" },
  { id: "America/Chicago", label: "central" },
  { id: "America/Denver", label: "mountain" },
  { id: "America/Los_Angeles", label: "pacific" },
  { id: "America/Anchorage", label: "alaska" },
  { id: "Pacific/Honolulu", label: "hawaii" },
  { id: "Europe/London", label: "greenwich" },
  { id: "Europe/Paris", label: "centralEuropean" },
  { id: "Asia/Tokyo", label: "japan" },
  { id: "Australia/Sydney", label: "australianEastern" },
] as const;

/** The longest IANA id is 32 characters ("America/Argentina/ComodRivadavia"); twice that bounds the column. */
export const TIMEZONE_ID_MAX = 64;

/** Area/Location[/Sub] ids and single names such as "UTC": never an offset like "+05:00" or free text. */
const IANA_ID = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * The zone as Link stores it, or null when this runtime's time-zone database does not know it.
 * Any id the database accepts is taken, aliases too, and kept as written (only its letter case
 * follows the list Settings offers: "utc" -> "UTC"): browsers report "Asia/Kolkata" or
 * "Asia/Calcutta" depending on their version, and the one a person's browser chose must still
 * match an option of that browser's picker.
 */
export function canonicalTimeZone(id: string): string | null {
  if (id.length > TIMEZONE_ID_MAX || !IANA_ID.test(id)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: id });
  } catch {
    return null;
  }
  return listedByLowerCase().get(id.toLowerCase()) ?? id;
}

let byLowerCase: Map<string, string> | null = null;
function listedByLowerCase() {
  byLowerCase ??= new Map(allTimezoneIds().map((id) => [id.toLowerCase(), id]));
  return byLowerCase;
}

/**
 * The label of one of the ten common zones (`name` writes it in a language; English unless given), else the id
 * read as words ("America/Argentina/Buenos_Aires" -> "Buenos Aires, Argentina, America").
 */
export function timezoneLabel(
  id: string,
  name: (key: keyof typeof ZONE_LABEL_TEXTS) => string = (key) => ZONE_LABEL_TEXTS[key],
): string {
  const known = TIMEZONE_OPTIONS.find((zone) => zone.id === id);
  if (known) return name(known.label);
  return id.split("/").reverse().join(", ").replaceAll("_", " ");
}

/**
 * Every zone Settings offers: the ten common ones first, then every other zone the
 * runtime's database lists, alphabetically, with UTC (which `supportedValuesOf` leaves out).
 */
let cachedIds: string[] | null = null;
export function allTimezoneIds(): string[] {
  if (cachedIds) return cachedIds;
  const first: string[] = TIMEZONE_OPTIONS.map((zone) => zone.id);
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const rest = [...new Set([...known, "UTC"])].filter((id) => !first.includes(id)).sort();
  cachedIds = [...first, ...rest];
  return cachedIds;
}

/**
 * The zone a new account starts in: the browser's own when it is a real zone, so its times read right
 * from the first screen, else DEFAULT_TIMEZONE.
 */
export function registrationTimezone(browserZone: string | undefined): string {
  return (browserZone && canonicalTimeZone(browserZone)) || DEFAULT_TIMEZONE;
}
