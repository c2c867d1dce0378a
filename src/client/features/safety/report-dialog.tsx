import { REPORT_DETAILS_MAX, type ReportTargetType } from "@contract/safety";
import { REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from "@contract/safety-texts";
import { useId } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ApiError } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/ui/dialog";
import { Form } from "@/ui/form";
import { TextareaField } from "@/ui/form-fields";
import { Label } from "@/ui/label";
import { RadioGroup, RadioGroupItem } from "@/ui/radio-group";
import { toast } from "@/ui/use-toast";
import { useReport } from "./api";

const TITLE: Record<ReportTargetType, keyof typeof REPORT_TEXTS> = {
  user: "titleUser",
  message: "titleMessage",
  event: "titleEvent",
};

interface ReportValues {
  /** "" until a reason is picked; Send stays disabled until then. */
  reason: ReportReason | "";
  details: string;
}

/** The fields the person fills in, checked by the rules POST /api/reports checks (the target comes from the caller). */
const resolver = lazyZodResolver<ReportValues>(() =>
  import("@contract/safety").then((m) => m.reportBodySchema.pick({ reason: true, details: true })),
);

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
  const form = useForm<ReportValues>({ resolver, defaultValues: { reason: "", details: "" } });
  const reason = useWatch({ control: form.control, name: "reason" });
  const report = useReport();
  const reasonId = useId();
  const submit = form.handleSubmit(({ reason, details }) => {
    if (!reason) return;
    report.mutate(
      { targetType, targetId, reason, ...(details ? { details } : {}) },
      {
        onSuccess: (result) => {
          toast({ title: t("reportSent"), description: result.message });
          form.reset();
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
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t(TITLE[targetType])}</DialogTitle>
              <DialogDescription>{t("description")}</DialogDescription>
            </DialogHeader>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">{t("reason")}</legend>
              <Controller
                control={form.control}
                name="reason"
                render={({ field }) => (
                  <RadioGroup value={field.value} onValueChange={field.onChange} aria-label={t("reason")} required>
                    {REPORT_REASONS.map((r) => (
                      <div key={r} className="flex items-center gap-2">
                        <RadioGroupItem value={r} id={`${reasonId}-${r}`} />
                        <Label htmlFor={`${reasonId}-${r}`} className="font-normal">
                          {reasonLabel(r)}
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                )}
              />
            </fieldset>
            <TextareaField
              control={form.control}
              name="details"
              label={t("details")}
              dir="auto"
              maxLength={REPORT_DETAILS_MAX}
              rows={3}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={!reason || report.isPending}>
                {t("send")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
