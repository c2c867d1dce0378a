import type { EarlyAccessBody } from "@contract/early-access";
import { PRODUCT_NAME } from "@contract/product";
import { AUTH_TEXTS, EARLY_ACCESS_TEXTS } from "@contract/shell-texts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, CheckCircle2Icon, GiftIcon, UsersIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { useLanguage, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/ui/tooltip";
import { toast } from "@/ui/use-toast";
import { earlyAccessStatsQuery, googleStatusQuery, joinEarlyAccessMutation } from "./api/early-access";

const fields = [
  { name: "fullName", label: "fullName", type: "text", autoComplete: "name", placeholder: "fullNamePlaceholder" },
  { name: "email", label: "email", type: "email", autoComplete: "email", placeholder: "emailPlaceholder" },
  { name: "username", label: "username", type: "text", autoComplete: "username", placeholder: "usernamePlaceholder" },
] as const;

// Through the lazy resolver: zod's own messages follow the app's language.
const resolver = lazyZodResolver<EarlyAccessBody>(() =>
  import("@contract/early-access").then((m) => m.earlyAccessBodySchema),
);

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.24 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.45.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/** Enabled only when the server has Google credentials; otherwise visibly unavailable, with the reason. */
function ContinueWithGoogle() {
  const { data } = useQuery(googleStatusQuery());
  const t = useTexts(EARLY_ACCESS_TEXTS);
  if (data?.enabled) {
    return (
      <Button variant="outline" className="w-full" asChild>
        <a href="/api/auth/google">
          <GoogleIcon />
          {t("continueWithGoogle")}
        </a>
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Tooltip>
        <TooltipTrigger asChild>
          {/* aria-disabled instead of disabled: it stays focusable and hoverable, so the reason can be shown. */}
          <Button
            type="button"
            variant="outline"
            className="w-full cursor-not-allowed opacity-50"
            aria-disabled="true"
            aria-describedby="google-unavailable"
            onClick={(event) => event.preventDefault()}
          >
            <GoogleIcon />
            {t("continueWithGoogle")}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{t("googleUnavailable")}</TooltipContent>
      </Tooltip>
      <p id="google-unavailable" className="text-center text-xs text-muted-foreground">
        {t("googleUnavailable")}
      </p>
    </div>
  );
}

function Counts() {
  const { data } = useQuery(earlyAccessStatsQuery());
  const t = useTexts(EARLY_ACCESS_TEXTS);
  const { language, locale } = useLanguage();
  const items = [
    { icon: UsersIcon, value: data?.waiting, label: "waiting" as const, testId: "early-access-waiting" },
    { icon: GiftIcon, value: data?.given, label: "given" as const, testId: "early-access-given" },
  ];
  return (
    <div className="grid grid-cols-2 gap-3">
      {items.map(({ icon: Icon, value, label, testId }) => (
        <div key={label} className="flex items-center gap-3 rounded-xl border border-border bg-card p-3">
          <Icon className="size-5 text-primary" aria-hidden />
          <div>
            <p className="text-lg leading-tight font-bold" data-testid={testId}>
              {value === undefined ? "–" : language === "en" ? value : new Intl.NumberFormat(locale).format(value)}
            </p>
            <p className="text-xs text-muted-foreground">{t(label)}</p>
          </div>
        </div>
      ))}
    </div>
  );
}

export function EarlyAccessPage() {
  const [, navigate] = useLocation();
  const t = useTexts(EARLY_ACCESS_TEXTS);
  const f = useTexts(AUTH_TEXTS);
  const form = useForm<EarlyAccessBody>({
    resolver,
    defaultValues: { fullName: "", email: "", username: "" },
  });
  const join = useMutation(joinEarlyAccessMutation());
  const submit = (values: EarlyAccessBody) =>
    join.mutate(values, {
      onSuccess: (result) =>
        toast({
          title: t("welcome"),
          description: result.alreadyListed ? result.message : t("emailWhenReady"),
        }),
      onError: (error) =>
        toast({
          title: t("error"),
          description: errorMessage(error) ?? t("joinFailed"),
          variant: "destructive",
        }),
    });

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-5 px-4 pt-[calc(1rem+env(safe-area-inset-top))] pb-8">
      <div>
        <Button variant="ghost" size="sm" className="-ms-2" asChild>
          <Link href="/auth">
            <ArrowLeftIcon className="rtl:-scale-x-100" />
            {t("back")}
          </Link>
        </Button>
      </div>
      {join.isSuccess ? (
        <Card className="text-center">
          <CardHeader className="items-center">
            <CheckCircle2Icon className="mx-auto size-12 text-primary" aria-hidden />
            <CardTitle className="text-2xl">{t("onTheList")}</CardTitle>
            <CardDescription>
              {join.data.alreadyListed ? join.data.message : t("spotOpens", { product: PRODUCT_NAME })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button className="w-full" onClick={() => navigate("/auth")}>
              {t("backToLogin")}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="text-2xl">{t("title")}</CardTitle>
            <CardDescription>{t("description", { product: PRODUCT_NAME })}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ContinueWithGoogle />
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" />
              {t("or")}
              <span className="h-px flex-1 bg-border" />
            </div>
            <Form {...form}>
              <form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit(submit)}>
                {fields.map((spec) => (
                  <TextField
                    key={spec.name}
                    control={form.control}
                    name={spec.name}
                    label={f(spec.label)}
                    type={spec.type}
                    autoComplete={spec.autoComplete}
                    placeholder={f(spec.placeholder)}
                  />
                ))}
                <Button type="submit" className="mt-1 w-full" disabled={join.isPending}>
                  {join.isPending && <Spinner />}
                  {t("enterNow")}
                </Button>
              </form>
            </Form>
          </CardContent>
        </Card>
      )}
      <Counts />
    </main>
  );
}
