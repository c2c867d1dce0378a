import { SHARE_TEXTS } from "@contract/event-sharing";
import { Share2Icon } from "lucide-react";
import { text, useTexts } from "@/lib/i18n";
import { pageOrigin } from "@/lib/page-origin";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";

/** The event's own address: the one members use, so a shared link never breaks. */
function eventLink(eventId: number) {
  return new URL(`/events/${eventId}`, pageOrigin()).href;
}

/** A phone (coarse pointer) with the Web Share API opens its share sheet; elsewhere the link is copied. */
function canShareNatively() {
  return typeof navigator.share === "function" && window.matchMedia?.("(pointer: coarse)").matches === true;
}

export async function shareEvent(event: { id: number; title: string }) {
  const url = eventLink(event.id);
  if (canShareNatively()) {
    try {
      await navigator.share({ title: event.title, url });
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as Error).name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: text(SHARE_TEXTS, "copied"), description: url });
  } catch {
    toast({ title: text(SHARE_TEXTS, "copyFailed"), description: url, variant: "destructive" });
  }
}

/** Share on the event page: the phone's share sheet, or the link copied to the clipboard. */
export function ShareEventButton({
  event,
  variant = "outline",
}: {
  event: { id: number; title: string };
  variant?: "outline" | "default";
}) {
  const t = useTexts(SHARE_TEXTS);
  return (
    <Button variant={variant} onClick={() => void shareEvent(event)}>
      <Share2Icon aria-hidden />
      {t("share")}
    </Button>
  );
}

/** What the host sees on arriving from the create dialog: the event is up, and the way to spread it. */
export function EventLiveBanner({ event }: { event: { id: number; title: string } }) {
  const t = useTexts(SHARE_TEXTS);
  return (
    <section
      aria-labelledby="event-live-title"
      className="grid gap-2 rounded-xl border border-primary/40 bg-primary/10 p-3"
      data-testid="event-live"
    >
      <h2 id="event-live-title" className="text-sm font-semibold">
        {t("live")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("liveDetail")}</p>
      <div>
        <ShareEventButton event={event} variant="default" />
      </div>
    </section>
  );
}
