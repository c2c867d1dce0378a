import { REPORT_DETAILS_MAX, type ReportTargetType } from "@contract/safety";
import { REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from "@contract/safety-texts";
import { useId, useState } from "react";
import { ApiError } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { Textarea } from "@/ui/textarea";
import { toast } from "@/ui/use-toast";
import { useReport } from "./api";

const TITLE: Record<ReportTargetType, keyof typeof REPORT_TEXTS> = {
  user: "titleUser",
  message: "titleMessage",
  event: "titleEvent",
};

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
  const t = useTexts(REPORT_TEXTS);
  const reasonLabel = useTexts(REPORT_REASON_LABELS);
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
          toast({ title: t("reportSent"), description: result.message });
          setReason("");
          setDetails("");
          onOpenChange(false);
        },
        onError: (error) => {
          const text = error instanceof ApiError ? error.message.replace(/^\d+: /, "") : t("couldNotSend");
          let message = text;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {}
          toast({ title: t("reportNotSent"), description: message, variant: "destructive" });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(TITLE[targetType])}</DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("reason")}</legend>
            <RadioGroup
              value={reason}
              onValueChange={(v) => setReason(v as ReportReason)}
              aria-label={t("reason")}
              required
            >
              {REPORT_REASONS.map((r) => (
                <div key={r} className="flex items-center gap-2">
                  <RadioGroupItem value={r} id={`${detailsId}-${r}`} />
                  <Label htmlFor={`${detailsId}-${r}`} className="font-normal">
                    {reasonLabel(r)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={detailsId}>{t("details")}</Label>
            <Textarea
              id={detailsId}
              dir="auto"
              value={details}
              onChange={(e) => setDetails(e.target.value)}
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {t("send")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
