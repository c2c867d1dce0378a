import type { CategoryId } from "@contract/categories";
import { DISCOVER_TEXTS } from "@contract/discover-texts";
import type { FreeWindow } from "@contract/events";
import { useQueryClient } from "@tanstack/react-query";
import { SearchIcon, XIcon } from "lucide-react";
import { useAuth } from "@/features/auth";
import { eventKeys, type FeedParams } from "@/features/events";
import { useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Input } from "@/ui/input";
import { Spinner } from "@/ui/spinner";
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
  return (
    <div className="relative flex items-center">
      <SearchIcon className="pointer-events-none absolute start-3 size-4 text-muted-foreground" aria-hidden />
      <Input
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

export function Loading() {
  const t = useTexts(DISCOVER_TEXTS);
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" role="status">
      <Spinner className="size-8 text-primary" />
      <p className="font-semibold">{t("loadingEvents")}</p>
      <p className="text-sm text-muted-foreground">{t("findingEvents")}</p>
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
  return queryClient.getQueryData(eventKeys.feed(params)) === undefined ? null : params;
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
