import { UI_TEXTS } from "@contract/shell-texts";
import { Check, Copy, Share2 } from "lucide-react";
import { useState } from "react";
import { useTexts } from "@/lib/i18n";
import { Button } from "./button";
import { Input } from "./input";
import { toast } from "./use-toast";

/**
 * A link to pass on: the phone's share sheet where there is one (Web Share API), a copy button everywhere.
 * `label` names the field for screen readers and the reader's eye ("Invite link"); `copyLabel` is the copy button's
 * whole name ("Copy invite link"), written per link for the same reason as PhotoField's.
 */
export function ShareLink({
  url,
  label,
  copyLabel,
  title,
}: {
  url: string;
  label: string;
  copyLabel: string;
  title?: string;
}) {
  const [copied, setCopied] = useState(false);
  const t = useTexts(UI_TEXTS);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: t("error"), description: t("copyFailed"), variant: "destructive" });
    }
  };
  const share = async () => {
    try {
      await navigator.share({ url, title });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
      if (!(error instanceof DOMException && error.name === "AbortError")) await copy();
    }
  };
  return (
    <div className="grid grid-cols-1 gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <div className="flex gap-2">
        <Input
          readOnly
          value={url}
          className="h-9 min-w-0 text-xs"
          aria-label={label}
          onFocus={(e) => e.currentTarget.select()}
        />
        {canShare && (
          <Button size="sm" onClick={share} className="h-9">
            <Share2 /> {t("share")}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={copy} aria-label={copyLabel} className="h-9">
          {copied ? <Check /> : <Copy />}
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
    </div>
  );
}
