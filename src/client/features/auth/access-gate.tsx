import type { accessCodeSchema } from "@contract/auth";
import { ACCESS_CODE_LENGTH } from "@contract/limits";
import { PRODUCT_NAME } from "@contract/product";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { useMutation } from "@tanstack/react-query";
import { KeyRoundIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "wouter";
import type { z } from "zod";
import { whenIdle } from "@/lib/after-load";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Form, FormControl, FormField, FormItem, FormMessage } from "@/ui/form";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { verifyAccessCodeMutation } from "./api/access";
import { tooManyAttemptsMessage } from "./too-many-attempts";

const loadAccessCodeInput = () => import("./access-code-input");
const AccessCodeInput = lazy(loadAccessCodeInput);

type AccessCodeValues = z.input<typeof accessCodeSchema>;
const resolver = lazyZodResolver<AccessCodeValues>(() => import("@contract/auth").then((m) => m.accessCodeSchema));

/** Starts the download of the gate's code input once the page is idle, so opening the gate finds it there. */
export function preloadAccessCodeInput() {
  whenIdle(() => void loadAccessCodeInput().catch(() => {}));
}

/** The early-access gate before sign-in; the server checks the code (POST /api/access-codes/verify). */
export function AccessGate({ onVerified }: { onVerified: () => void }) {
  const t = useTexts(AUTH_TEXTS);
  const form = useForm<AccessCodeValues>({ resolver, defaultValues: { code: "" } });
  const code = useWatch({ control: form.control, name: "code" });
  const verify = useMutation({
    ...verifyAccessCodeMutation(),
    onSuccess: ({ valid }) => {
      if (!valid) {
        toast({ title: t("invalidCode"), description: t("checkCode"), variant: "destructive" });
        return;
      }
      // The next card says so itself; a toast would linger over the form that follows.
      onVerified();
    },
    onError: (error) => {
      // A spent budget is not a wrong code: say how long to wait.
      const tooMany = tooManyAttemptsMessage(error);
      if (tooMany) {
        toast({ title: t("pleaseWait"), description: tooMany, variant: "destructive" });
        return;
      }
      toast({ title: t("invalidCode"), description: t("checkCode"), variant: "destructive" });
    },
  });

  const complete = code.length === ACCESS_CODE_LENGTH;
  const submit = form.handleSubmit((values) => {
    if (!verify.isPending) verify.mutate(values.code);
  });

  return (
    <Card className="w-full overflow-hidden">
      <CardHeader className="items-center px-4 pt-8 text-center sm:px-6">
        <div className="mb-2 flex size-12 items-center justify-center rounded-2xl bg-primary/12 text-primary">
          <KeyRoundIcon className="size-6" aria-hidden />
        </div>
        <CardTitle className="text-2xl">{t("gateTitle")}</CardTitle>
        <CardDescription>{t("gateText", { product: PRODUCT_NAME })}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5 px-4 pb-8 sm:px-6">
        <Form {...form}>
          <form noValidate className="grid grid-cols-1 gap-5" onSubmit={submit}>
            <FormField
              control={form.control}
              name="code"
              render={({ field }) => (
                <FormItem>
                  <Suspense fallback={<div className="h-12" aria-hidden />}>
                    <FormControl>
                      {/* The tenth digit sends the code by itself. */}
                      <AccessCodeInput value={field.value} onChange={field.onChange} onComplete={() => submit()} />
                    </FormControl>
                  </Suspense>
                  <FormMessage className="text-center" />
                </FormItem>
              )}
            />
            <Button type="submit" size="lg" className="w-full" disabled={!complete || verify.isPending}>
              {verify.isPending && <Spinner label={t("verifying")} />}
              {t("verifyCode")}
            </Button>
          </form>
        </Form>
        <p className="text-center text-sm text-muted-foreground">
          {t("noCode")}{" "}
          <Link href="/waitlist" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("enterNow")}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
