import { DISCOVER_TEXTS } from "@contract/discover-texts";
import { NavigationIcon } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { preloadRespondDialog } from "@/features/hosting";
import { useLanguage, useTexts } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { NetworkingTab } from "./networking-tab";
import { SocialTab } from "./social-tab";
import { usePosition } from "./use-position";
import { useRemembered } from "./use-remembered";

/** Explore, the Discover screen: the Social swipe deck and the Networking list. */
export function DiscoverPage() {
  // The answer dialog opens only for events that ask something: it loads after the deck, when idle.
  useEffect(preloadRespondDialog, []);
  const t = useTexts(DISCOVER_TEXTS);
  // Radix lays tabs out left to right unless told the page's direction.
  const { dir } = useLanguage();
  const [tab, setTab] = useRemembered("explore-tab", "social");
  const { position, settled } = usePosition();
  return (
    <section
      className={cn(
        "px-4 pt-4",
        // The deck fills what the header, the offline banner and the bottom bar leave, and no more: its
        // answer buttons and Undo line are never below the fold or under the bar's raised add button.
        tab === "social" &&
          "flex h-[calc(100dvh-3.5rem-1px-env(safe-area-inset-top)-var(--offline-banner-height,0px)-var(--bottom-bar-clearance)-env(safe-area-inset-bottom))] min-h-[34rem] flex-col",
      )}
    >
      <Tabs value={tab} onValueChange={setTab} dir={dir} className="flex min-h-0 flex-1 flex-col">
        <div className="flex items-center gap-2">
          <TabsList className="flex-1">
            <TabsTrigger value="social">{t("social")}</TabsTrigger>
            <TabsTrigger value="networking">{t("networking")}</TabsTrigger>
          </TabsList>
          <Button asChild variant="outline" size="sm" className="h-10">
            <Link href="/nearby">
              <NavigationIcon aria-hidden />
              {t("nearby")}
            </Link>
          </Button>
        </div>
        <TabsContent value="social" className="flex min-h-0 flex-1 flex-col">
          <SocialTab position={position} positionSettled={settled} />
        </TabsContent>
        <TabsContent value="networking">
          <NetworkingTab position={position} positionSettled={settled} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
