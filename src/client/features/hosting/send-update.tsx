import type { eventUpdateBodySchema, UpdateAudience } from "@contract/hosting";
import { HOST_TOOLS_TEXTS, UPDATE_MESSAGE_MAX } from "@contract/hosting-texts";
import { SendIcon } from "lucide-react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextareaField } from "@/ui/form-fields";
import { toast } from "@/ui/use-toast";
import { useSendUpdate } from "./api";

type UpdateValues = z.input<typeof eventUpdateBodySchema> & { audience: UpdateAudience[] };
const resolver = lazyZodResolver<UpdateValues>(() => import("@contract/hosting").then((m) => m.eventUpdateBodySchema));

const AUDIENCES: { value: UpdateAudience; label: keyof typeof HOST_TOOLS_TEXTS }[] = [
  { value: "going", label: "statusGoing" },
  { value: "waitlisted", label: "statusWaitlist" },
  { value: "pending", label: "statusApplied" },
];

/** A host's update to the guests they choose (going by default), checked by the rules POST /api/events/{id}/updates checks. */
export function SendUpdate({ eventId }: { eventId: number }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const send = useSendUpdate(eventId);
  const form = useForm<UpdateValues>({ resolver, defaultValues: { message: "", audience: ["going"] } });
  const [message, audience] = useWatch({ control: form.control, name: ["message", "audience"] });
  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        form.resetField("message");
        toast({ title: t("updateSent"), description: t("guestsNotified") });
      },
      onError: (error) =>
        toast({
          title: text(HOST_TOOLS_TEXTS, "error"),
          description: errorMessage(error) ?? text(HOST_TOOLS_TEXTS, "failedSendUpdate"),
          variant: "destructive",
        }),
    }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-2">
        <TextareaField
          control={form.control}
          name="message"
          label={t("sendUpdateLabel")}
          dir="auto"
          rows={2}
          maxLength={UPDATE_MESSAGE_MAX}
        />
        <fieldset className="flex flex-wrap items-center gap-3 text-sm">
          <legend className="sr-only">{t("whoGetsIt")}</legend>
          <Controller
            control={form.control}
            name="audience"
            render={({ field }) => (
              <>
                {AUDIENCES.map((a) => (
                  <label key={a.value} className="flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      checked={field.value.includes(a.value)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, a.value] : field.value.filter((v) => v !== a.value),
                        )
                      }
                    />
                    {t(a.label)}
                  </label>
                ))}
              </>
            )}
          />
          <Button
            type="submit"
            size="sm"
            className="ms-auto"
            disabled={send.isPending || !message.trim() || !audience.length}
          >
            <SendIcon aria-hidden className="rtl:-scale-x-100" />
            {t("sendUpdate")}
          </Button>
        </fieldset>
      </form>
    </Form>
  );
}
