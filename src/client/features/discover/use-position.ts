import { useEffect, useState } from "react";
import { native } from "@/lib/native";

export type Position = { latitude: number; longitude: number };

/** Location comes from the native bridge; a failure is only logged and lists load without it. */
export function usePosition() {
  const [position, setPosition] = useState<Position | null>(null);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let alive = true;
    native
      .getPosition()
      .then((p) => alive && setPosition({ latitude: p.latitude, longitude: p.longitude }))
      .catch((error: unknown) => console.log("Location unavailable:", error instanceof Error ? error.message : error))
      .finally(() => alive && setSettled(true));
    return () => {
      alive = false;
    };
  }, []);
  return { position, settled };
}
