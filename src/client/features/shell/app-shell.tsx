import type { ReactNode } from "react";
import { BottomNav } from "./bottom-nav";
import { Header } from "./header";
import { LiveUpdates } from "./live-updates";
import { OfflineBanner } from "./offline-banner";
import { OfflineSync } from "./offline-sync";

/** A narrow single column, centred on wide screens, between a sticky header and a fixed bottom bar. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <LiveUpdates>
      <div className="min-h-dvh bg-muted/40 dark:bg-black/30">
        <div className="relative mx-auto flex min-h-dvh w-full max-w-md flex-col bg-background shadow-sm md:border-x md:border-border">
          <Header />
          <OfflineBanner />
          <OfflineSync />
          {/* Bottom padding clears the fixed bar, its raised add button and the device's home indicator. */}
          <main className="flex-1 pb-[calc(var(--bottom-bar-clearance)+env(safe-area-inset-bottom))]">{children}</main>
          <BottomNav />
        </div>
      </div>
    </LiveUpdates>
  );
}
