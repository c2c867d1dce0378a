import { BLOCK_TEXTS, REPORT_TEXTS } from "@contract/safety-texts";
import { EllipsisVerticalIcon } from "lucide-react";
import { useState } from "react";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/ui/dropdown-menu";
import { toast } from "@/ui/use-toast";
import { useBlocks, useEventsAcrossBlock, useSetBlocked } from "./api";
import { ReportDialog } from "./report-dialog";

/** The "More" menu on someone else's profile: block (or unblock) and report. */
export function UserSafetyMenu({ userId, name }: { userId: number; name: string }) {
  const t = useTexts(BLOCK_TEXTS);
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [keepEvents, setKeepEvents] = useState(true);
  const blocked = blocks.data?.some((b) => b.id === userId) ?? false;
  const across = useEventsAcrossBlock(userId, confirming).data;
  const apply = (block: boolean) =>
    setBlocked.mutate(
      { userId, blocked: block, ...(block ? { keepEvents } : {}) },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: t(block ? "blocked" : "unblocked", { name }) });
        },
        onError: () => toast({ title: t("somethingWrong"), description: t("tryAgain"), variant: "destructive" }),
      },
    );
  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in the tab order (axe aria-hidden-focus). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label={t("moreActions", { name })}>
            <EllipsisVerticalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {blocked ? (
            <DropdownMenuItem onSelect={() => apply(false)}>{t("unblock")}</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setConfirming(true)}>{t("block")}</DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setReporting(true)}>{t("report")}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("blockTitle", { name })}
        description={t("confirm")}
        confirmLabel={t("block")}
        cancelLabel={t("cancel")}
        destructive
        pending={setBlocked.isPending}
        onConfirm={() => apply(true)}
      >
        {across?.leaving.length ? (
          <div className="text-sm">
            <p>{t("leavingEvents", { name })}</p>
            <ul className="list-disc ps-5" aria-label={t("leavingEvents", { name })}>
              {across.leaving.map((event) => (
                <li key={event.id} dir="auto">
                  {event.title}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {across?.keepable.length ? (
          <div className="space-y-2 text-sm">
            <p>{t("keepableEvents", { name })}</p>
            <ul className="list-disc ps-5" aria-label={t("keepableEvents", { name })}>
              {across.keepable.map((event) => (
                <li key={event.id} dir="auto">
                  {event.title}
                </li>
              ))}
            </ul>
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-1"
                checked={keepEvents}
                onChange={(e) => setKeepEvents(e.target.checked)}
              />
              <span>{t("keepPlace")}</span>
            </label>
          </div>
        ) : null}
      </ConfirmDialog>
      <ReportDialog open={reporting} onOpenChange={setReporting} targetType="user" targetId={userId} />
    </>
  );
}

/** A small "Report" button for a chat message or an event page. */
export function ReportButton({
  targetType,
  targetId,
  label,
}: {
  targetType: "message" | "event";
  targetId: number;
  label: string;
}) {
  const t = useTexts(REPORT_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-xs text-muted-foreground"
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        {t("report")}
      </Button>
      <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
    </>
  );
}
