import { PRODUCT_NAME } from "@contract/product";
import { SHELL_TEXTS } from "@contract/shell-texts";
import { useTexts } from "@/lib/i18n";
import { Skeleton } from "@/ui/skeleton";

/** A list whose rows are on their way: three rows (a picture, a title, a line) where they will be. */
export function ListSkeleton() {
  const t = useTexts(SHELL_TEXTS);
  return (
    <div className="grid gap-4" role="status" aria-label={t("loading")}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 rounded-xl border border-border p-3">
          <Skeleton className="size-14 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A screen whose code or content is on its way: its heading and its first rows, where they will be. */
export function ScreenSkeleton() {
  return (
    <div className="grid gap-4 px-4 pt-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <ListSkeleton />
    </div>
  );
}

/**
 * The app's frame while it learns who is signed in or loads a screen's code: the header with the logo, the
 * screen's lines, and the bottom bar's place, as index.html's first paint and the members' shell lay them out,
 * never a spinner alone.
 */
export function PageSkeleton() {
  return (
    <div className="min-h-dvh bg-muted/40 dark:bg-black/30">
      <div className="relative mx-auto flex min-h-dvh w-full max-w-md flex-col bg-background md:border-x md:border-border">
        <div className="flex h-14 items-center gap-2 border-b border-border px-3 pt-[env(safe-area-inset-top)]">
          <span
            aria-hidden
            className="flex size-8 items-center justify-center rounded-lg bg-brand text-sm font-bold text-white shadow-sm"
          >
            L
          </span>
          <span className="text-lg font-bold tracking-tight" translate="no">
            {PRODUCT_NAME}
          </span>
        </div>
        <div className="flex-1">
          <ScreenSkeleton />
        </div>
        <div className="h-16 border-t border-border pb-[env(safe-area-inset-bottom)]" />
      </div>
    </div>
  );
}
