import { PEOPLE_TO_MEET_TEXTS } from "@contract/matching-texts";
import { useEffect, useId, useState } from "react";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Label } from "@/ui/label";
import { Switch } from "@/ui/switch";
import { toast } from "@/ui/use-toast";
import { useOptIn, useSaveOptIn } from "./api";
import { PhraseChips } from "./phrase-chips";

const failed = (error: unknown) =>
  toast({
    title: text(PEOPLE_TO_MEET_TEXTS, "failedSave"),
    description: errorMessage(error) ?? undefined,
    variant: "destructive",
  });

/** Showing oneself to others at the event, with what one offers and seeks here (from the profile at first). */
export function OptIn({ eventId }: { eventId: number }) {
  const t = useTexts(PEOPLE_TO_MEET_TEXTS);
  const id = useId();
  const optIn = useOptIn(eventId);
  const save = useSaveOptIn(eventId);
  const [offering, setOffering] = useState<string[]>([]);
  const [seeking, setSeeking] = useState<string[]>([]);
  // The phrases as saved, each time they come from the server.
  useEffect(() => {
    if (!optIn.data) return;
    setOffering(optIn.data.offering);
    setSeeking(optIn.data.seeking);
  }, [optIn.data]);
  if (!optIn.data) return null;
  const visible = optIn.data.visible;
  const changed =
    offering.join("\n") !== optIn.data.offering.join("\n") || seeking.join("\n") !== optIn.data.seeking.join("\n");
  return (
    <div className="grid gap-3">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-visible`}>{t("optIn")}</Label>
          <p className="text-xs text-muted-foreground">{t("optInHint")}</p>
        </div>
        <Switch
          id={`${id}-visible`}
          checked={visible}
          disabled={save.isPending}
          onCheckedChange={(on) => save.mutate({ visible: on, offering, seeking }, { onError: failed })}
        />
      </div>
      <PhraseChips
        id={`${id}-offering`}
        label={t("offering")}
        placeholder={t("phrasePlaceholder")}
        value={offering}
        onChange={setOffering}
      />
      <PhraseChips
        id={`${id}-seeking`}
        label={t("seeking")}
        placeholder={t("seekPlaceholder")}
        value={seeking}
        onChange={setSeeking}
      />
      {changed && (
        <Button
          size="sm"
          className="justify-self-start"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(
              { visible, offering, seeking },
              { onSuccess: () => toast({ title: t("saved") }), onError: failed },
            )
          }
        >
          {t("save")}
        </Button>
      )}
    </div>
  );
}
