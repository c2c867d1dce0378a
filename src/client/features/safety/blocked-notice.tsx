import { BLOCK_TEXTS } from "@contract/safety-texts";
import type { ReactNode } from "react";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useBlocks, useSetBlocked } from "./api";

/**
 * A profile that answers as if gone: to the person who blocked it, say so and offer Unblock (the profile
 * was the only place to lift a block); to anyone else, the page's own not-found screen.
 */
export function BlockedNotice({ userId, otherwise }: { userId: number; otherwise: ReactNode }) {
  const t = useTexts(BLOCK_TEXTS);
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const blocked = blocks.data?.find((b) => b.id === userId);
  if (!blocked) return otherwise;
  return (
    <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold wrap-anywhere">{t("youBlocked", { name: blocked.fullName })}</h1>
      <p className="max-w-xs text-sm text-muted-foreground">{t("notSeen")}</p>
      <Button
        disabled={setBlocked.isPending}
        onClick={() =>
          setBlocked.mutate(
            { userId, blocked: false },
            {
              onSuccess: () => toast({ title: t("unblocked", { name: blocked.fullName }) }),
              onError: () => toast({ title: t("somethingWrong"), description: t("tryAgain"), variant: "destructive" }),
            },
          )
        }
      >
        {t("unblock")}
      </Button>
    </section>
  );
}
