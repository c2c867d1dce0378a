import { SHELL_TEXTS } from "@contract/shell-texts";
import { CloudOffIcon, HomeIcon, RefreshCwIcon, SearchXIcon } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { useOnline } from "./use-online";

/** Instead of an empty list: offline, nothing was kept, so the list's absence says nothing about it. */
export function NotSavedOffline({ what }: { what: string }) {
  const t = useTexts(SHELL_TEXTS);
  return (
    <div className="flex flex-col items-center gap-2 py-14 text-center" data-testid="not-saved-offline">
      <CloudOffIcon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{t("notSavedOffline")}</h2>
      <p className="max-w-xs text-sm text-muted-foreground">{t("notSavedOfflineText", { what })}</p>
    </div>
  );
}

/** A request that never reached the server: fetch itself failed (no network, or the server is gone). */
export function isUnreachable(error: unknown) {
  return error instanceof TypeError;
}

/**
 * What a screen shows when what it reads could not be had. Offline (or when the request never reached the
 * server) it says so: telling someone on a train that their event does not exist sends them looking for
 * the wrong fault. Otherwise it says what is missing and leads home.
 */
export function MissingScreen({
  title,
  text,
  error,
  onRetry,
}: {
  title: string;
  text: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const t = useTexts(SHELL_TEXTS);
  const online = useOnline();
  const offline = !online || isUnreachable(error);
  const Icon = offline ? CloudOffIcon : SearchXIcon;
  return (
    <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <Icon className="size-7" aria-hidden />
      </div>
      <h1 className="text-xl font-semibold">{offline ? t("offlineTitle") : title}</h1>
      <p className="max-w-xs text-sm text-muted-foreground">{offline ? t("offlineText") : text}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {offline && onRetry && (
          <Button variant="outline" onClick={onRetry}>
            <RefreshCwIcon aria-hidden />
            {t("tryAgain")}
          </Button>
        )}
        <Button asChild variant={offline ? "ghost" : "outline"}>
          <Link href="/">
            <HomeIcon aria-hidden />
            {t("goHome")}
          </Link>
        </Button>
      </div>
    </section>
  );
}
