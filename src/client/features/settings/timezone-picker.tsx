import { SETTINGS_TEXTS } from "@contract/settings-texts";
import { ZONE_LABEL_TEXTS } from "@contract/timezone-ids";
import { allTimezoneIds, TIMEZONE_OPTIONS, timezoneLabel } from "@contract/timezones";
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { formatZoneOffset } from "@/lib/format-date";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Input } from "@/ui/input";

interface ZoneChoice {
  id: string;
  /** "Pacific Time (PT)" for the ten common zones, "Kathmandu" for any other. */
  name: string;
  /** "America/Los_Angeles · UTC-8". */
  detail: string;
  /** What a search is matched against, lower case, underscores read as spaces. */
  haystack: string;
  common: boolean;
}

const COMMON_IDS: readonly string[] = TIMEZONE_OPTIONS.map((zone) => zone.id);

/**
 * Cities renamed in the IANA database that older time-zone data (Node's and some browsers' ICU)
 * still lists under the old name: shown and found by today's name.
 */
const RENAMED: Record<string, string> = {
  Calcutta: "Kolkata",
  Katmandu: "Kathmandu",
  Kiev: "Kyiv",
  Saigon: "Ho Chi Minh",
  Rangoon: "Yangon",
  Godthab: "Nuuk",
  Faeroe: "Faroe",
  Ponape: "Pohnpei",
  Truk: "Chuuk",
  Enderbury: "Kanton",
};

function choiceOf(id: string, now: Date): ZoneChoice {
  const common = COMMON_IDS.includes(id);
  const city = id.split("/").at(-1) ?? id;
  const name = common
    ? timezoneLabel(id, (key) => text(ZONE_LABEL_TEXTS, key))
    : (RENAMED[city] ?? city).replaceAll("_", " ");
  const offset = formatZoneOffset(id, now);
  const detail = `${id.replaceAll("_", " ")} · ${offset}`;
  return {
    id,
    name,
    detail,
    common,
    haystack: `${name} ${common ? timezoneLabel(id) : ""} ${id} ${offset}`.replaceAll("_", " ").toLowerCase(),
  };
}

/** Every word of the query must appear: "new york", "asia kol", "utc+5:30" all find their zone. */
function matches(choice: ZoneChoice, query: string) {
  const words = query.toLowerCase().replaceAll("_", " ").split(/\s+/).filter(Boolean);
  return words.every((word) => choice.haystack.includes(word));
}

/**
 * Every IANA zone with search, the ten common ones (TIMEZONE_OPTIONS) first. A button names the
 * current zone; it opens a dialog whose search box drives the list (combobox pattern: arrows move,
 * Enter picks).
 */
export function TimezonePicker({
  value,
  disabled,
  onChange,
}: {
  value: string;
  disabled?: boolean;
  onChange: (zone: string) => void;
}) {
  const t = useTexts(SETTINGS_TEXTS);
  const { catalog } = useLanguage();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  // The common zones' names are in the app's language: a switch reads them again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: catalog changes what text() answers
  const choices = useMemo(() => {
    const now = new Date();
    const ids = allTimezoneIds();
    // A zone saved under an alias this browser does not list is still offered, first among the rest.
    const all = ids.includes(value) ? ids : [...COMMON_IDS, value, ...ids.slice(COMMON_IDS.length)];
    return all.map((id) => choiceOf(id, now));
  }, [value, catalog]);
  const current = choices.find((c) => c.id === value) ?? choiceOf(value, new Date());
  const shown = useMemo(() => (query.trim() ? choices.filter((c) => matches(c, query)) : choices), [choices, query]);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    setQuery("");
    setActive(0);
  };
  const pick = (id: string) => {
    changeOpen(false);
    if (id !== value) onChange(id);
  };
  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, index));
    setActive(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") moveTo(active + 1);
    else if (e.key === "ArrowUp") moveTo(active - 1);
    else if (e.key === "Home" && e.ctrlKey) moveTo(0);
    else if (e.key === "End" && e.ctrlKey) moveTo(shown.length - 1);
    else if (e.key === "Enter" && shown[active]) pick(shown[active].id);
    else return;
    e.preventDefault();
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="h-auto w-full justify-between gap-3 py-2 text-start"
        disabled={disabled}
        onClick={() => changeOpen(true)}
        aria-haspopup="dialog"
      >
        <span className="min-w-0">
          <span className="sr-only">{t("timezoneLabel")}</span>{" "}
          <span className="block truncate font-medium" translate={current.common ? undefined : "no"}>
            {current.name}
          </span>
          <span className="block truncate text-xs font-normal text-muted-foreground" translate="no" dir="ltr">
            {current.detail}
          </span>
        </span>
        <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Button>
      <Dialog open={open} onOpenChange={changeOpen}>
        <DialogContent className="flex max-h-[calc(100dvh-4rem)] flex-col gap-3 overflow-hidden p-4 pt-5">
          <DialogHeader>
            <DialogTitle>{t("chooseZone")}</DialogTitle>
            <DialogDescription>{t("chooseZoneText")}</DialogDescription>
          </DialogHeader>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              role="combobox"
              aria-label={t("searchZones")}
              aria-expanded={shown.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              placeholder={t("searchZonesPlaceholder")}
              className="ps-9"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
                if (listRef.current) listRef.current.scrollTop = 0;
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <p className="sr-only" aria-live="polite">
            {t("zoneCount", { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              {t("noZoneMatches", { query: query.trim() })}
            </p>
          ) : (
            <div
              ref={listRef}
              id={listId}
              role="listbox"
              aria-label={t("timeZones")}
              className="-mx-1 min-h-0 flex-1 overflow-y-auto overscroll-contain px-1"
            >
              {shown.map((choice, index) => {
                const selected = choice.id === value;
                const startsRest = !query.trim() && index === COMMON_IDS.length;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box owns the keyboard (combobox pattern); options are picked with Enter there.
                  <div
                    key={choice.id}
                    id={`${listId}-${index}`}
                    data-index={index}
                    role="option"
                    tabIndex={-1}
                    aria-selected={selected}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2",
                      index === active && "bg-accent",
                      startsRest && "mt-2 border-t border-border pt-3",
                    )}
                    onClick={() => pick(choice.id)}
                    onMouseMove={() => index !== active && setActive(index)}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium" translate={choice.common ? undefined : "no"}>
                        {choice.name}
                      </span>
                      <span className="block truncate text-xs text-muted-foreground" translate="no" dir="ltr">
                        {choice.detail}
                      </span>
                    </span>
                    {selected && <CheckIcon className="size-4 shrink-0 text-primary" aria-hidden />}
                  </div>
                );
              })}
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
