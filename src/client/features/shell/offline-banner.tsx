import { SHELL_TEXTS } from "@contract/shell-texts";
import { WifiOff } from "lucide-react";
import { useEffect } from "react";
import { useAuth } from "@/features/auth";
import { useTexts } from "@/lib/i18n";
import { useQueuedActions } from "@/lib/offline-queue";
import { useOnline } from "./use-online";

/** Screens sized to the viewport (the chat panel) subtract this while the banner shows. */
const HEIGHT_VARIABLE = "--offline-banner-height";

/** While offline the app shows what it saved last; this says so, and how much waits to be sent. */
export function OfflineBanner() {
  const t = useTexts(SHELL_TEXTS);
  const online = useOnline();
  const { user } = useAuth();
  const waiting = useQueuedActions(user?.id).length;

  useEffect(() => {
    if (online) return;
    const root = document.documentElement;
    root.style.setProperty(HEIGHT_VARIABLE, "2rem");
    return () => {
      root.style.removeProperty(HEIGHT_VARIABLE);
    };
  }, [online]);

  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      // A full-screen view (a phone's conversation) covers the header: the banner then sits above it (styles.css).
      className="offline-banner sticky top-[calc(3.5rem+1px+env(safe-area-inset-top))] z-30 flex h-8 items-center gap-2 border-b border-amber-300 bg-amber-100 px-4 text-xs text-amber-950 dark:border-amber-700/60 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-3.5 shrink-0" aria-hidden />
      <p className="truncate">
        <span className="font-semibold">{t("offline")}</span>{" "}
        {waiting > 0 ? t("changesWait", { count: waiting }) : t("showingSaved")}
      </p>
    </div>
  );
}
