import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { useAuth } from "@/features/auth";

/** Values kept while the app runs (never stored on the device), per signed-in person. */
const remembered = new Map<string, unknown>();

/**
 * useState that outlives its screen: Explore's tab, filters, search and card are where they were when
 * someone comes back from an event page they opened from the deck.
 */
export function useRemembered<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const { user } = useAuth();
  const fullKey = `${user?.id ?? 0}:${key}`;
  const [value, setValue] = useState<T>(() => (remembered.has(fullKey) ? (remembered.get(fullKey) as T) : initial));
  useEffect(() => {
    remembered.set(fullKey, value);
  }, [fullKey, value]);
  return [value, setValue];
}
