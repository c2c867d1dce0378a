import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
} from "@contract/safety";
import { useId, useState } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useReport } from "./api";

const WHAT: Record<ReportTargetType, string> = { user: "this person", message: "this message", event: "this event" };

/** Report a person, a chat message or an event, with a reason from a fixed list and optional details. */
export function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: number;
}) {
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const report = useReport();
  const detailsId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    report.mutate(
      { targetType, targetId, reason, ...(details.trim() ? { details: details.trim() } : {}) },
      {
        onSuccess: (result) => {
          toast({ title: "Report sent", description: result.message });
          setReason("");
          setDetails("");
          onOpenChange(false);
        },
        onError: (error) => {
          const text = error instanceof ApiError ? error.message.replace(/^\d+: /, "") : "Could not send the report";
          let message = text;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {}
          toast({ title: "Report not sent", description: message, variant: "destructive" });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Report {WHAT[targetType]}</DialogTitle>
            <DialogDescription>
              Moderators will see your report. The person is not told who reported them.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            <RadioGroup value={reason} onValueChange={(v) => setReason(v as ReportReason)} aria-label="Reason" required>
              {REPORT_REASONS.map((r) => (
                <div key={r} className="flex items-center gap-2">
                  <RadioGroupItem value={r} id={`${detailsId}-${r}`} />
                  <Label htmlFor={`${detailsId}-${r}`} className="font-normal">
                    {REPORT_REASON_LABELS[r]}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={detailsId}>Details (optional)</Label>
            <Textarea
              id={detailsId}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
