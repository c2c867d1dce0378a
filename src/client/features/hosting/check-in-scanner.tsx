import { HOST_TOOLS_TEXTS, TICKET_CODE_MAX } from "@contract/hosting-texts";
import { CameraIcon, ImageIcon, ScanLineIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/ui/form";
import { Input } from "@/ui/input";
import { useCheckIn } from "./api";
import { readQrCode } from "./qr";

interface TicketCodeValues {
  code: string;
}

/** The typed code, by the rule of POST /api/events/{id}/check-ins for a code (the body's other form is a guest's id). */
const resolver = lazyZodResolver<TicketCodeValues>(() =>
  import("@contract/hosting").then((m) => m.checkInBodySchema.options[0]),
);

/**
 * Checking guests in by their ticket: the camera (scanning frames until a code appears), a photo of
 * the ticket, or the code typed in. The result is said in a live region for screen readers too.
 */
export function CheckInScanner({ eventId }: { eventId: number }) {
  const t = useTexts(HOST_TOOLS_TEXTS);
  const checkIn = useCheckIn(eventId);
  const form = useForm<TicketCodeValues>({ resolver, defaultValues: { code: "" } });
  const code = useWatch({ control: form.control, name: "code" });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [scanning, setScanning] = useState(false);

  const submit = (value: string) =>
    checkIn.mutate(
      { code: value.trim() },
      {
        onSuccess: ({ user }) => {
          setResult({ ok: true, text: t("checkedInNamed", { name: user.fullName }) });
          form.reset();
        },
        onError: (error) => setResult({ ok: false, text: errorMessage(error) ?? t("checkInFailed") }),
      },
    );
  const found = (value: string | null) => {
    if (value) submit(value);
    else setResult({ ok: false, text: t("noQrFound") });
  };
  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      found(await readQrCode(await createImageBitmap(file)));
    } catch {
      // Not a picture the browser can open: the same answer as a picture without a code.
      found(null);
    }
  };
  const onSubmit = form.handleSubmit((values) => submit(values.code));

  return (
    <div className="grid gap-2" data-testid="check-in">
      <p className="flex items-center gap-2 text-sm font-medium">
        <ScanLineIcon className="size-4" aria-hidden />
        {t("checkInGuests")}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setScanning((s) => !s)}>
          <CameraIcon aria-hidden />
          {t(scanning ? "stopScanning" : "scanTickets")}
        </Button>
        <Button type="button" size="sm" variant="outline" asChild>
          <label>
            <ImageIcon aria-hidden />
            {t("scanPhoto")}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              aria-label={t("ticketPhoto")}
              onChange={(e) => {
                void onPhoto(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
          </label>
        </Button>
      </div>
      {scanning && <CameraScanner onCode={submit} onError={(text) => setResult({ ok: false, text })} />}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="flex items-end gap-2">
          <FormField
            control={form.control}
            name="code"
            render={({ field }) => (
              <FormItem className="flex-1 gap-1">
                <FormLabel className="text-xs">{t("ticketCode")}</FormLabel>
                <FormDescription className="text-xs">{t("ticketCodeHint")}</FormDescription>
                <FormControl>
                  <Input {...field} maxLength={TICKET_CODE_MAX} autoComplete="off" autoCapitalize="characters" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="sm" disabled={checkIn.isPending || !code.trim()}>
            {t("checkIn")}
          </Button>
        </form>
      </Form>
      <p
        role="status"
        aria-live="polite"
        data-testid="check-in-result"
        className={result?.ok ? "text-sm font-medium text-primary" : "text-sm text-destructive"}
      >
        {result?.text}
      </p>
    </div>
  );
}

/** The back camera's picture, read a few times a second until a code is found (then a pause, so one scan is one check-in). */
function CameraScanner({ onCode, onError }: { onCode: (code: string) => void; onError: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest callbacks, read when a frame is decoded: the camera starts once, not on every render.
  const callbacks = useRef({ onCode, onError });
  callbacks.current = { onCode, onError };
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    let last = "";
    const tick = async () => {
      const element = video.current;
      if (stopped || !element) return;
      const value = element.readyState >= 2 ? await readQrCode(element).catch(() => null) : null;
      if (value && value !== last) {
        last = value;
        callbacks.current.onCode(value);
      }
      timer = window.setTimeout(tick, 300);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: "environment" } })
      .then((s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        void video.current.play();
        void tick();
      })
      .catch(() => callbacks.current.onError(text(HOST_TOOLS_TEXTS, "cameraUnavailable")));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return <video ref={video} className="aspect-square w-full rounded-lg bg-black object-cover" muted playsInline />;
}
