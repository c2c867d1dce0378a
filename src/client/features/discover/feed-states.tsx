import type { CategoryId } from "@contract/categories";
import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FreeWindow } from "@contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { SearchIcon, XIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Skeleton } from "@/ui/skeleton";
import { type FeedParams, feedKey } from "./feed";
import type { Position } from "./use-position";

export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  const t = useTexts(DISCOVER_TEXTS);
  const input = useRef<HTMLInputElement>(null);
  // Words typed into the box of a page the server drew, before the app took it over, are kept and searched for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes the box over.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== value) onChange(typed);
  }, []);
  return (
    <div className="relative flex items-center">
      <SearchIcon className="pointer-events-none absolute start-3 size-4 text-muted-foreground" aria-hidden />
      <Input
        ref={input}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        // The longest search placeholder fits a 390 px screen: room for Clear only once there is text to clear.
        className={cn("ps-9 placeholder:text-sm [&::-webkit-search-cancel-button]:hidden", value ? "pe-20" : "pe-2")}
      />
      {value && (
        <Button type="button" variant="ghost" size="sm" className="absolute end-1" onClick={() => onChange("")}>
          <XIcon aria-hidden />
          {t("clear")}
        </Button>
      )}
    </div>
  );
}

/** The deck while its cards are on their way: a card's outline where the top card will be, saying so. */
export function Loading() {
  const t = useTexts(DISCOVER_TEXTS);
  return (
    <div
      className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-3xl border border-border bg-card shadow-lg"
      role="status"
    >
      <Skeleton className="h-44 shrink-0 rounded-none" />
      <div className="grid gap-3 px-4 pt-4">
        <p className="text-xl font-semibold">{t("loadingEvents")}</p>
        <p className="text-sm text-muted-foreground">{t("findingEvents")}</p>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}

export function useFeedParams(
  type: "social" | "networking",
  filter: CategoryId,
  q: string,
  position: Position | null,
  ready: boolean,
  free: FreeWindow | null = null,
) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  if (!user) return null;
  const params = { userId: user.id, type, filter, q, position: ready ? position : null, free } satisfies FeedParams;
  if (ready) return params;
  // While the position is asked for, the page the screen arrived with (drawn on the server, which knows none) shows.
  return queryClient.getQueryData(feedKey(params)) === undefined ? null : params;
}

export /** A search that found nothing says so and offers to clear it, instead of "No More Events". */
function NoMatches({ q, onClear }: { q: string; onClear: () => void }) {
  const t = useTexts(DISCOVER_TEXTS);
  return (
    <div className="flex flex-col items-center gap-3 py-14 text-center" data-testid="no-matches">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <SearchIcon className="size-7" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold break-all">{t("noMatches", { q })}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{t("noMatchesDetail")}</p>
      <Button variant="outline" onClick={onClear}>
        <XIcon aria-hidden />
        {t("clearSearch")}
      </Button>
    </div>
  );
}
