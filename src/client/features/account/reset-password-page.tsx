import { ACCOUNT_TEXTS, type passwordResetRequestSchema, type passwordResetSchema } from "@contract/account";
import { ACCOUNT_UI_TEXTS } from "@contract/settings-texts";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useSearch } from "wouter";
import type { z } from "zod";
import { signOutLocally } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { requestPasswordResetMutation, resetPasswordMutation } from "./api/account-actions";

/** A centered card for the signed-out account screens. */
export function AccountScreen({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle className="text-xl">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}

type RequestResetValues = z.input<typeof passwordResetRequestSchema>;
/** The token travels in the link, not in the form: only the typed password is checked here. */
type NewPasswordValues = Pick<z.input<typeof passwordResetSchema>, "newPassword">;
const requestResetResolver = lazyZodResolver<RequestResetValues>(() =>
  import("@contract/account").then((m) => m.passwordResetRequestSchema),
);
const newPasswordResolver = lazyZodResolver<NewPasswordValues>(() =>
  import("@contract/account").then((m) => m.passwordResetSchema.pick({ newPassword: true })),
);

function Outcome({ text, error }: { text: string; error?: boolean }) {
  return (
    <p role={error ? "alert" : "status"} className={error ? "text-sm text-destructive" : "text-sm"}>
      {text}
    </p>
  );
}

/** "Forgot password?": asks for the address; the answer is the same whether an account uses it or not. */
function RequestReset() {
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const form = useForm<RequestResetValues>({ resolver: requestResetResolver, defaultValues: { email: "" } });
  const email = useWatch({ control: form.control, name: "email" });
  const request = useMutation(requestPasswordResetMutation());
  return (
    <AccountScreen title={t("forgotTitle")} description={t("forgotText")}>
      {request.isSuccess ? (
        <Outcome text={request.data.message} />
      ) : (
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => request.mutate(values.email))}
          >
            <TextField
              control={form.control}
              name="email"
              label={t("email")}
              type="email"
              autoComplete="email"
              required
            />
            {request.isError && <Outcome error text={errorMessage(request.error) ?? request.error.message} />}
            <Button type="submit" disabled={request.isPending || !email}>
              {request.isPending && <Spinner label={t("sending")} />}
              {t("sendResetLink")}
            </Button>
          </form>
        </Form>
      )}
      <Link href="/auth" className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t("backToSignIn")}
      </Link>
    </AccountScreen>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const form = useForm<NewPasswordValues>({ resolver: newPasswordResolver, defaultValues: { newPassword: "" } });
  const password = useWatch({ control: form.control, name: "newPassword" });
  const reset = useMutation({
    ...resetPasswordMutation(),
    // Every session of the account ended, this browser's too.
    onSuccess: (_answer, _body, _result, { client }) => signOutLocally(client),
  });
  if (reset.isSuccess) {
    return (
      <AccountScreen title={t("passwordReset")}>
        <Outcome text={text(ACCOUNT_TEXTS, "resetDone")} />
        <Button asChild>
          <Link href="/auth">{t("signIn")}</Link>
        </Button>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t("chooseNew")} description={t("chooseNewText")}>
      <Form {...form}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ newPassword }) => reset.mutate({ token, newPassword }))}
        >
          <TextField
            control={form.control}
            name="newPassword"
            label={t("newPassword")}
            type="password"
            autoComplete="new-password"
            required
          />
          {reset.isError && <Outcome error text={errorMessage(reset.error) ?? reset.error.message} />}
          <Button type="submit" disabled={reset.isPending || !password}>
            {reset.isPending && <Spinner label={t("saving")} />}
            {t("resetPassword")}
          </Button>
        </form>
      </Form>
      {reset.isError && (
        <Link href="/reset-password" className="text-center text-sm underline-offset-4 hover:underline">
          {t("askNewLink")}
        </Link>
      )}
    </AccountScreen>
  );
}

/** /reset-password asks for the e-mail; /reset-password?token=... (the e-mailed link) sets the new password. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token");
  return token ? <ChooseNewPassword token={token} /> : <RequestReset />;
}
