import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import { SEARCH_DEBOUNCE_MS } from "@contract/limits";
import type { Place } from "@contract/places";
import { PLACE_QUERY_MIN, PLACE_TEXTS } from "@contract/places-texts";
import { Building2Icon, CrosshairIcon, MapPinIcon, SearchIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { useAddressSearch, usePlaceSearch } from "./api";
import { MapPreview } from "./map-preview";

/** Where an event is on the map, however it was chosen. */
export interface PickedPlace {
  label: string;
  latitude: number;
  longitude: number;
  source: "device" | "city" | "address" | "saved" | "pin";
  /** A city's own name ("San Francisco"): its centre is only roughly where a typed venue is. */
  area?: string;
  /** The zone at the place, when known: the dialog reads the typed time in it. */
  timezone?: string | null;
}

/** How exact a picked place is, in words: coordinates themselves are never shown. */
const PRECISION_TEXT = {
  device: "exactPosition",
  address: "addressFound",
  city: "cityCentre",
  pin: "pinDropped",
  saved: "savedPlace",
} as const satisfies Record<PickedPlace["source"], keyof typeof CREATE_EVENT_TEXTS>;

function placeFromResult(place: Place): PickedPlace {
  return {
    label: place.label,
    latitude: place.latitude,
    longitude: place.longitude,
    source: place.source,
    timezone: place.timezone ?? null,
    ...(place.source === "city" ? { area: place.name } : {}),
  };
}

/**
 * The town an event's pin only approximates: a city picked while the Location names something
 * else (a venue, a street) that no geocoder placed. A device position or a found address is exact.
 */
export function approximateArea(place: PickedPlace | null, location: string): string | null {
  if (!place?.area || place.source !== "city") return null;
  const typed = location.trim();
  return typed && typed !== place.label ? place.area : null;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The Create and Edit Event dialogs' place on the map: the device's position, a city
 * from the offline gazetteer, or an address when the server has a geocoder. The Location text
 * field beside it stays the display name.
 */
export function PlacePicker({
  place,
  onPick,
  locationGranted,
}: {
  place: PickedPlace | null;
  onPick: (place: PickedPlace | null) => void;
  /** Location is granted: with nothing picked, the event takes the device's position (said in the hint). */
  locationGranted: boolean;
}) {
  const id = useId();
  const t = useTexts(CREATE_EVENT_TEXTS);
  const placeText = useTexts(PLACE_TEXTS);
  const [query, setQuery] = useState("");
  const [addressQuery, setAddressQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string | null>(null);
  const debounced = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = query.trim().length >= PLACE_QUERY_MIN;
  const cities = usePlaceSearch(searching ? debounced : "");
  const addresses = useAddressSearch(searching && addressQuery === query.trim() ? addressQuery : null);
  const results: Place[] = searching ? [...(addresses.data?.places ?? []), ...(cities.data?.places ?? [])] : [];
  const addressSearch = cities.data?.addressSearch === true;
  const failure = cities.error ?? addresses.error;

  const choose = (picked: PickedPlace | null) => {
    onPick(picked);
    setQuery("");
    setAddressQuery(null);
    setActive(0);
  };
  const useMyLocation = async () => {
    setLocating(true);
    setLocationError(null);
    try {
      const position = await native.getPosition();
      choose({ label: "", latitude: position.latitude, longitude: position.longitude, source: "device" });
    } catch (error) {
      setLocationError(error instanceof Error ? error.message : text(CREATE_EVENT_TEXTS, "locationFailed"));
    } finally {
      setLocating(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") setActive((i) => Math.min(results.length - 1, i + 1));
    else if (e.key === "ArrowUp") setActive((i) => Math.max(0, i - 1));
    else if (e.key === "Escape" && query) setQuery("");
    else if (e.key === "Enter") {
      // Enter picks a result; it never submits the dialog's form from here.
      if (results[active]) choose(placeFromResult(results[active]));
    } else return;
    e.preventDefault();
  };

  return (
    <fieldset
      className="grid min-w-0 grid-cols-1 gap-2 rounded-xl border border-border p-3"
      aria-describedby={place ? undefined : `${id}-status`}
    >
      <legend className="px-1 text-sm font-medium">{t("placeOnMap")}</legend>
      {place ? (
        <div className="flex items-center gap-2 rounded-lg bg-primary/10 px-2.5 py-2" data-testid="picked-place">
          <MapPinIcon className="size-4 shrink-0 text-primary" aria-hidden />
          <p className="min-w-0 flex-1 text-sm">
            {place.source === "device" || !place.label ? (
              <span className="block truncate font-medium">
                {place.source === "device" ? t("yourLocation") : t("pinnedLocation")}
              </span>
            ) : (
              <span className="block truncate font-medium" dir="auto">
                {place.label}
              </span>
            )}
            <span className="block text-xs text-muted-foreground">{t(PRECISION_TEXT[place.source])}</span>
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            aria-label={t("removePlace")}
            onClick={() => choose(null)}
          >
            <XIcon aria-hidden />
          </Button>
        </div>
      ) : (
        <p id={`${id}-status`} className="text-xs text-muted-foreground">
          {locationGranted ? t("takesPosition") : t("pickPlace")}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-start"
        disabled={locating}
        onClick={useMyLocation}
      >
        <CrosshairIcon aria-hidden />
        {locating ? t("locating") : placeText("useMyLocation")}
      </Button>
      {locationError && (
        <p role="alert" className="text-xs text-destructive">
          {locationError}
        </p>
      )}
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          role="combobox"
          aria-label={t("searchPlace")}
          aria-expanded={results.length > 0}
          aria-controls={`${id}-results`}
          aria-autocomplete="list"
          aria-activedescendant={results[active] ? `${id}-option-${active}` : undefined}
          placeholder={addressSearch ? t("searchCityOrAddress") : t("searchCity")}
          className="ps-9"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      {searching && (
        <div className="grid gap-1">
          {results.length > 0 && (
            <div
              id={`${id}-results`}
              role="listbox"
              aria-label={t("places")}
              className="grid max-h-56 gap-0.5 overflow-y-auto"
            >
              {results.map((result, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keyboard (combobox pattern); Enter picks there.
                <div
                  key={`${result.source}-${result.label}-${result.latitude}`}
                  id={`${id}-option-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2",
                    index === active && "bg-accent",
                  )}
                  onClick={() => choose(placeFromResult(result))}
                  onMouseMove={() => index !== active && setActive(index)}
                >
                  {result.source === "address" ? (
                    <MapPinIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  ) : (
                    <Building2Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <span className="min-w-0 flex-1" dir="auto">
                    <span className="block truncate text-sm font-medium">{result.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">{result.detail}</span>
                  </span>
                </div>
              ))}
            </div>
          )}
          {cities.isSuccess && debounced === query.trim() && results.length === 0 && !addresses.isFetching && (
            <p className="px-1 text-xs text-muted-foreground">{t("noCity", { query: query.trim() })}</p>
          )}
          {addressSearch && addressQuery !== query.trim() && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-start"
              onClick={() => setAddressQuery(query.trim())}
            >
              <SearchIcon aria-hidden />
              <span className="truncate">{t("searchAddresses", { query: query.trim() })}</span>
            </Button>
          )}
          {addresses.isFetching && <p className="px-1 text-xs text-muted-foreground">{t("searchingAddresses")}</p>}
          {failure && (
            <p role="alert" className="px-1 text-xs text-destructive">
              {errorMessage(failure) ?? t("placeSearchFailed")}
            </p>
          )}
        </div>
      )}
      {/* With MAP_STYLE_URL: tap the map to drop the pin exactly where the venue is. */}
      <MapPreview
        point={place}
        label={t("mapPick")}
        onPick={(point) => choose({ label: "", ...point, source: "pin" })}
      />
    </fieldset>
  );
}
