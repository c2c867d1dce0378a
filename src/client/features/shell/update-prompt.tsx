import { useRegisterSW } from "virtual:pwa-register/react";
import { SHELL_TEXTS, UI_TEXTS } from "@contract/shell-texts";
import { RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useTexts } from "@/lib/i18n";
import { WORKER_TEXTS_CACHE, WORKER_TEXTS_PATH, type WorkerTexts } from "@/lib/offline-api";
import { Button } from "@/ui/button";

/** Checks for a new deploy this often while the app stays open (besides every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (the installable, offline-capable app) and, when a new version has installed
 * and waits, offers "Update available — Reload": Reload activates it and reloads every tab onto the new version.
 */
/** Stores the worker's texts in the language the page speaks now (see WORKER_TEXTS_CACHE). */
function useWorkerTexts() {
  const ui = useTexts(UI_TEXTS);
  const newNotification = ui("newNotification");
  useEffect(() => {
    if (typeof caches === "undefined") return;
    const texts: WorkerTexts = { newNotification };
    void caches
      .open(WORKER_TEXTS_CACHE)
      .then((cache) =>
        cache.put(
          WORKER_TEXTS_PATH,
          new Response(JSON.stringify(texts), { headers: { "Content-Type": "application/json" } }),
        ),
      )
      .catch(() => {});
  }, [newNotification]);
}

export function UpdatePrompt() {
  const t = useTexts(SHELL_TEXTS);
  useWorkerTexts();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error) {
      console.warn("Service worker registration failed", error);
    },
  });
  if (!needRefresh) return null;
  // workbox-window reloads only when this page registered the waiting worker itself; one installed
  // while another page (or before a reload) was open activates without reloading this one.
  const reloadOntoNewVersion = () => {
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5.5rem+env(safe-area-inset-bottom))] z-50 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-xl border bg-card px-4 py-3 text-card-foreground shadow-lg"
      >
        <RefreshCw className="size-4 shrink-0 text-primary" aria-hidden />
        <p className="flex-1 text-sm font-medium">{t("updateAvailable")}</p>
        <Button type="button" size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          {t("later")}
        </Button>
        <Button type="button" size="sm" onClick={reloadOntoNewVersion}>
          {t("reload")}
        </Button>
      </div>
    </div>
  );
}
