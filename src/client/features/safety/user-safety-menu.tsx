import { BLOCK_TEXTS } from "@contract/safety";
import { EllipsisVerticalIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/ui/dropdown-menu";
import { toast } from "@/ui/use-toast";
import { useBlocks, useSetBlocked } from "./api";
import { ReportDialog } from "./report-dialog";

/** The "More" menu on someone else's profile: block (or unblock) and report. */
export function UserSafetyMenu({ userId, name }: { userId: number; name: string }) {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const blocked = blocks.data?.some((b) => b.id === userId) ?? false;
  const apply = (block: boolean) =>
    setBlocked.mutate(
      { userId, blocked: block },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: block ? `${name} is blocked` : `${name} is unblocked` });
        },
        onError: () =>
          toast({ title: "Something went wrong", description: "Please try again.", variant: "destructive" }),
      },
    );
  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its focusable controls stay in the tab order (axe aria-hidden-focus). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label={`More actions for ${name}`}>
            <EllipsisVerticalIcon />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {blocked ? (
            <DropdownMenuItem onSelect={() => apply(false)}>Unblock</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => setConfirming(true)}>Block</DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setReporting(true)}>Report</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Block ${name}?`}
        description={BLOCK_TEXTS.confirm}
        confirmLabel="Block"
        cancelLabel="Cancel"
        destructive
        pending={setBlocked.isPending}
        onConfirm={() => apply(true)}
      />
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
        Report
      </Button>
      <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} />
    </>
  );
}
