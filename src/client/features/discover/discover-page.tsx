import { NavigationIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { preloadRespondDialog } from "@/features/hosting";
import { Button } from "@/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { NetworkingTab } from "./networking-tab";
import { SocialTab } from "./social-tab";
import { usePosition } from "./use-position";

/** Explore, the Discover screen: the Social swipe deck and the Networking list. */
export function DiscoverPage() {
  // The answer dialog opens only for events that ask something: it loads after the deck, when idle.
  useEffect(preloadRespondDialog, []);
  const [tab, setTab] = useState("social");
  const { position, settled } = usePosition();
  return (
    <section className="px-4 pt-4">
      <Tabs value={tab} onValueChange={setTab}>
        <div className="flex items-center gap-2">
          <TabsList className="flex-1">
            <TabsTrigger value="social">Social</TabsTrigger>
            <TabsTrigger value="networking">Networking</TabsTrigger>
          </TabsList>
          <Button asChild variant="outline" size="sm" className="h-10">
            <Link href="/nearby">
              <NavigationIcon aria-hidden />
              Nearby
            </Link>
          </Button>
        </div>
        <TabsContent value="social">
          <SocialTab position={position} positionSettled={settled} />
        </TabsContent>
        <TabsContent value="networking">
          <NetworkingTab position={position} positionSettled={settled} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
