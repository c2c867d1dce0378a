import type { CategoryId } from "@contract/categories";
import { CATEGORIES, CATEGORY_TEXTS } from "@contract/discover-categories";
import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FreeWindow } from "@contract/events";
import { DISCOVER_RADIUS_KM, SEARCH_DEBOUNCE_MS } from "@contract/limits";
import { MapPinIcon } from "lucide-react";
import { text, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { useFeed } from "./feed";
import { Loading, NoMatches, SearchBox, useFeedParams } from "./feed-states";
import { FreeFilter, NothingFree } from "./free-filter";
import { SwipeDeck } from "./swipe-deck";
import { useDebounced } from "./use-debounced";
import type { Position } from "./use-position";
import { useRemembered } from "./use-remembered";

export function SocialTab({ position, positionSettled }: { position: Position | null; positionSettled: boolean }) {
  const [filter, setFilter] = useRemembered<CategoryId>("deck-filter", "all");
  const [free, setFree] = useRemembered<FreeWindow | null>("deck-free", null);
  const [search, setSearch] = useRemembered("deck-search", "");
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const params = useFeedParams("social", filter, q, position, positionSettled, free);
  const feed = useFeed(params);
  const counts = feed.data?.counts;
  const t = useTexts(DISCOVER_TEXTS);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <SearchBox value={search} onChange={setSearch} placeholder={t("searchSocial")} />
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1" role="toolbar" aria-label={t("categories")}>
        {CATEGORIES.map((c) => (
          <button
            key={c.id}
            type="button"
            data-testid={`chip-${c.id}`}
            aria-pressed={filter === c.id}
            onClick={() => setFilter(c.id)}
            className={cn(
              "flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors",
              filter === c.id
                ? "border-primary bg-primary text-primary-foreground"
                : "border-border bg-background hover:bg-accent",
            )}
          >
            {text(CATEGORY_TEXTS, c.label)}
            <span
              data-testid="chip-count"
              // The active count is a light pill with brand text: 4.5:1 in both themes (axe).
              className={cn(
                "rounded-full px-1.5 text-xs",
                filter === c.id ? "bg-primary-foreground font-semibold text-primary" : "bg-muted",
              )}
            >
              {counts?.[c.id] ?? 0}
            </span>
          </button>
        ))}
      </div>
      <FreeFilter value={free} onChange={setFree} />
      {position && (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <MapPinIcon className="size-3.5" aria-hidden />
          {t("withinRadius", { km: DISCOVER_RADIUS_KM })}
        </p>
      )}
      {!params || feed.isLoading ? (
        <Loading />
      ) : free && feed.data?.events.length === 0 ? (
        <NothingFree onClear={() => setFree(null)} />
      ) : q && feed.data?.events.length === 0 ? (
        <NoMatches q={q} onClear={() => setSearch("")} />
      ) : (
        // A new key per tab/category/search: the deck starts again from its first card.
        <SwipeDeck
          key={`${filter}|${q}|${free}|${feed.dataUpdatedAt}`}
          place={`${filter}|${q}|${free}`}
          events={feed.data?.events ?? []}
          onRefresh={() => feed.refetch()}
        />
      )}
    </div>
  );
}
