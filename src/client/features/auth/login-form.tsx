import type { LoginForm as LoginValues } from "@contract/auth";
import { LOGIN_TEXTS } from "@contract/auth-texts";
import { useForm } from "react-hook-form";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { useAuth } from "./use-auth";

const resolver = lazyZodResolver<LoginValues>(() => import("@contract/auth").then((m) => m.loginFormSchema));

/** Signing back in: the username or the e-mail, and the password (nothing the server would ignore). */
export function LoginForm() {
  const { loginMutation } = useAuth();
  const t = useTexts(LOGIN_TEXTS);
  const form = useForm<LoginValues>({
    resolver,
    defaultValues: { username: "", password: "" },
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
        <TextField
          control={form.control}
          name="username"
          label={t("identifier")}
          autoComplete="username"
          autoCapitalize="none"
          inputMode="email"
          placeholder={t("identifierPlaceholder")}
        />
        <TextField
          control={form.control}
          name="password"
          label={t("password")}
          type="password"
          autoComplete="current-password"
          placeholder={t("passwordPlaceholder")}
        />
        <Link
          href="/reset-password"
          className="-mt-2 justify-self-end text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {t("forgotPassword")}
        </Link>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={loginMutation.isPending}>
          {loginMutation.isPending && <Spinner label={t("signingIn")} />}
          {t("logIn")}
        </Button>
      </form>
    </Form>
  );
}
