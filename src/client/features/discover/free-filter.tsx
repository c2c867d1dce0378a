import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FreeWindow } from "@contract/events";
import { FREE_WINDOW_TEXTS, FREE_WINDOWS } from "@contract/free-windows";
import { CalendarCheckIcon } from "lucide-react";
import { Link } from "wouter";
import { text, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";

const OPTIONS: { id: FreeWindow | null; label: keyof typeof FREE_WINDOW_TEXTS | null }[] = [
  { id: null, label: null },
  ...FREE_WINDOWS,
];

/** "When I'm free": only events in the times the person published in My Availability, in one window. */
export function FreeFilter({
  value,
  onChange,
}: {
  value: FreeWindow | null;
  onChange: (v: FreeWindow | null) => void;
}) {
  const t = useTexts(DISCOVER_TEXTS);
  return (
    // One row that scrolls sideways, like the categories above it: the deck below keeps the height.
    <div
      className="-mx-4 flex shrink-0 items-center gap-1.5 overflow-x-auto px-4 pb-1"
      role="toolbar"
      aria-label={t("whenFree")}
    >
      <span className="me-0.5 shrink-0 text-xs font-medium text-muted-foreground">{t("whenFree")}</span>
      {OPTIONS.map((o) => (
        <button
          key={o.id ?? "any"}
          type="button"
          aria-pressed={value === o.id}
          data-testid={`free-${o.id ?? "any"}`}
          onClick={() => onChange(o.id)}
          className={cn(
            "shrink-0 rounded-full border px-3 py-1 text-xs font-medium transition-colors",
            value === o.id
              ? "border-primary bg-primary text-primary-foreground"
              : "border-border bg-background hover:bg-accent",
          )}
        >
          {o.label ? text(FREE_WINDOW_TEXTS, o.label) : t("anyTime")}
        </button>
      ))}
    </div>
  );
}

/** No event fits the published free times in the window: say so, and where more times can be published. */
export function NothingFree({ onClear }: { onClear: () => void }) {
  const t = useTexts(DISCOVER_TEXTS);
  return (
    <div className="flex flex-col items-center gap-3 py-14 text-center" data-testid="nothing-free">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <CalendarCheckIcon className="size-7" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">{t("nothingFree")}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{t("nothingFreeDetail")}</p>
      <div className="flex gap-2">
        <Button asChild>
          <Link href="/availability">{t("myAvailability")}</Link>
        </Button>
        <Button variant="outline" onClick={onClear}>
          {t("anyTime")}
        </Button>
      </div>
    </div>
  );
}
