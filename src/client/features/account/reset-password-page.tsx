import { ACCOUNT_TEXTS } from "@contract/account";
import { PASSWORD_MIN } from "@contract/limits";
import { ACCOUNT_UI_TEXTS } from "@contract/settings-texts";
import { AUTH_FORM_TEXTS } from "@contract/shell-texts";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useSearch } from "wouter";
import { signOutLocally } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { localize, useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
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

function Field(props: {
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        required
      />
    </div>
  );
}

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
  const [email, setEmail] = useState("");
  const request = useMutation(requestPasswordResetMutation());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate(email);
  };
  return (
    <AccountScreen title={t("forgotTitle")} description={t("forgotText")}>
      {request.isSuccess ? (
        <Outcome text={localize(request.data.message)} />
      ) : (
        <form className="grid gap-4" onSubmit={submit}>
          <Field label={t("email")} type="email" value={email} onChange={setEmail} autoComplete="email" />
          {request.isError && <Outcome error text={errorMessage(request.error) ?? request.error.message} />}
          <Button type="submit" disabled={request.isPending || !email}>
            {request.isPending && <Spinner label={t("sending")} />}
            {t("sendResetLink")}
          </Button>
        </form>
      )}
      <Link href="/auth" className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline">
        {t("backToSignIn")}
      </Link>
    </AccountScreen>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const [password, setPassword] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const reset = useMutation({
    ...resetPasswordMutation(),
    // Every session of the account ended, this browser's too.
    onSuccess: (_answer, _body, _result, { client }) => signOutLocally(client),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTooShort(password.length < PASSWORD_MIN);
    if (password.length >= PASSWORD_MIN) reset.mutate({ token, newPassword: password });
  };
  if (reset.isSuccess) {
    return (
      <AccountScreen title={t("passwordReset")}>
        <Outcome text={localize(ACCOUNT_TEXTS.resetDone)} />
        <Button asChild>
          <Link href="/auth">{t("signIn")}</Link>
        </Button>
      </AccountScreen>
    );
  }
  return (
    <AccountScreen title={t("chooseNew")} description={t("chooseNewText")}>
      <form className="grid gap-4" onSubmit={submit}>
        <Field
          label={t("newPassword")}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        {tooShort && <Outcome error text={localize(AUTH_FORM_TEXTS.passwordMin)} />}
        {reset.isError && <Outcome error text={errorMessage(reset.error) ?? reset.error.message} />}
        <Button type="submit" disabled={reset.isPending || !password}>
          {reset.isPending && <Spinner label={t("saving")} />}
          {t("resetPassword")}
        </Button>
      </form>
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
