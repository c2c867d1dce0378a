import { DISTANCE_TEXTS } from "@contract/discover-texts";
import { distanceParts } from "@contract/geo";
import { useCallback } from "react";
import { useLanguage, useTexts } from "@/lib/i18n";

/** A distance in the reader's language and digits: "999 m", "9.9 km" (geo.ts's bands). */
export function useDistanceText() {
  const t = useTexts(DISTANCE_TEXTS);
  const { locale } = useLanguage();
  return useCallback(
    (km: number) => {
      const { unit, value, decimals } = distanceParts(km);
      const distance = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        useGrouping: false,
      }).format(value);
      return t(unit === "m" ? "metres" : "kilometres", { distance });
    },
    [t, locale],
  );
}
