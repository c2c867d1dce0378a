import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import { useMapStyle } from "./api";

/** Close enough to see the streets around a venue; a dropped pin starts the city-wide view. */
const STREET_ZOOM = 15;
const WORLD_ZOOM = 1;

/**
 * A small MapLibre map of the event's place, only when the operator set MAP_STYLE_URL: maplibre-gl
 * (and its CSS) load on first use, never in the main bundle. With `onPick` a tap drops the pin there
 * (the place picker). A device without WebGL simply shows no map: the place's text and Open in Maps
 * still say where it is.
 */
export function MapPreview({
  point,
  onPick,
  label,
  className,
}: {
  point: { latitude: number; longitude: number } | null;
  onPick?: (point: { latitude: number; longitude: number }) => void;
  label: string;
  className?: string;
}) {
  const styleUrl = useMapStyle();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const lat = point?.latitude;
  const lng = point?.longitude;

  useEffect(() => {
    if (!styleUrl || !container.current) return;
    let disposed = false;
    let remove = () => {};
    void Promise.all([import("maplibre-gl"), import("maplibre-gl/dist/maplibre-gl.css")])
      .then(([{ default: maplibre }]) => {
        if (disposed || !container.current) return;
        const center: [number, number] = lat != null && lng != null ? [lng, lat] : [0, 20];
        const map = new maplibre.Map({
          container: container.current,
          style: styleUrl,
          center,
          zoom: lat != null ? STREET_ZOOM : WORLD_ZOOM,
          attributionControl: { compact: true },
          interactive: Boolean(pickRef.current),
        });
        const marker = new maplibre.Marker();
        if (lat != null && lng != null) marker.setLngLat(center).addTo(map);
        map.on("click", (e) => {
          if (!pickRef.current) return;
          marker.setLngLat(e.lngLat).addTo(map);
          pickRef.current({ latitude: e.lngLat.lat, longitude: e.lngLat.lng });
        });
        remove = () => map.remove();
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      remove();
    };
  }, [styleUrl, lat, lng]);

  if (!styleUrl || failed) return null;
  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      data-testid="map-preview"
      className={cn("h-40 w-full overflow-hidden rounded-xl border border-border", className)}
    />
  );
}
