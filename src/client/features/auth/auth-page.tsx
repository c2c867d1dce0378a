import { GOOGLE_SIGN_IN_ERRORS, type GoogleSignInError } from "@contract/auth-texts";
import { PRODUCT_NAME } from "@contract/product";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, TicketIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLocation, useSearch } from "wouter";
import { LanguagePicker } from "@/features/language";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/ui/form";
import { Input } from "@/ui/input";
import { PageSkeleton } from "@/ui/page-skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { AccessGate, preloadAccessCodeInput } from "./access-gate";
import { AccessGranted } from "./access-granted";
import { accessGrantQuery } from "./api/access";
import { LoginForm } from "./login-form";
import { eventIdOf, INVITE_LINK_MAX, inviteCodeOf, safeRedirect } from "./redirect";
import { RegisterForm } from "./register-form";
import { useAuth } from "./use-auth";

type Stage = "gate" | "granted" | "form";
type Tab = "login" | "register";

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const t = useTexts(AUTH_TEXTS);
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const redirect = params.get("redirect");
  // A visitor sent here by an invite holds an access grant already (the invite) and creates an account
  // without a code.
  const inviteCode = inviteCodeOf(redirect);
  // One sent by an event's link to join it goes back to the event; registering still needs an access code.
  const eventId = inviteCode ? null : eventIdOf(redirect);
  // Google sign-in came back refused; "google-link" means the account exists and its owner must sign
  // in with the password, then confirm the link.
  const error = params.get("error");
  const googleError =
    error && Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, error)
      ? text(GOOGLE_SIGN_IN_ERRORS, error as GoogleSignInError)
      : null;
  const linkGoogle = error === "google-link";
  // The access code is for joining, never for returning: everyone meets the sign-in card first, and the
  // gate opens only for someone who chose to create an account without an invite (or whom Google
  // sent back for want of a code).
  const [stage, setStage] = useState<Stage>(error === "google-grant" ? "gate" : "form");
  // An event's link is no access grant: its visitor starts on sign-in, and Create account opens the gate.
  const [tab, setTab] = useState<Tab>(inviteCode ? "register" : "login");
  // A new key remounts the gate, so re-opening it starts from an empty code.
  const [gateKey, setGateKey] = useState(0);
  // A code verified before a reload left its grant in an HttpOnly cookie the page cannot read: the
  // server says whether it is still good, and then Create account opens without the gate.
  const askGrant = !user && !isLoading && !inviteCode;
  const grant = useQuery({ ...accessGrantQuery(), enabled: askGrant });
  const [verified, setVerified] = useState(false);
  const canRegister = Boolean(inviteCode) || verified || grant.data?.granted === true;

  useEffect(preloadAccessCodeInput, []);

  // A signed-in user goes to "/" (or back to the page that sent them here).
  useEffect(() => {
    if (user && !linkGoogle) navigate(safeRedirect(redirect), { replace: true });
  }, [user, redirect, navigate, linkGoogle]);

  const chooseTab = (next: Tab) => {
    if (next === "register" && !canRegister) {
      setGateKey((k) => k + 1);
      setStage("gate");
      return;
    }
    setTab(next);
  };
  // A code's grant is spent by one registration, or by a refusal that says whether an address has an
  // account: the way back to the code screen stays on the form.
  const enterCodeAgain = () => {
    setVerified(false);
    setGateKey((k) => k + 1);
    setStage("gate");
  };
  const backToLogin = () => {
    setTab("login");
    setStage("form");
  };

  if (user && linkGoogle)
    return <LinkGoogleCard fullName={user.fullName} onSkip={() => navigate("/", { replace: true })} />;
  // Who is signed in is being asked, or the signed-in person is on their way in: the frame, never a spinner alone.
  if (isLoading || user) return <PageSkeleton />;

  return (
    <main className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 size-[32rem] -translate-x-1/2 rounded-full bg-brand opacity-20 blur-3xl"
      />
      <LanguagePicker className="relative flex w-full max-w-md justify-end" />
      <div className="relative flex w-full max-w-md flex-1 flex-col items-center justify-center gap-6">
        <div className="flex items-center gap-2.5" translate="no">
          <div className="flex size-10 items-center justify-center rounded-xl bg-brand text-lg font-bold text-white shadow-md">
            L
          </div>
          <span className="text-2xl font-bold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        {googleError && (
          <p
            role="alert"
            className="w-full rounded-xl border border-destructive/40 bg-destructive/10 p-3 text-sm text-foreground"
          >
            {googleError}
          </p>
        )}
        {stage === "gate" && (
          <>
            <AccessGate
              key={gateKey}
              onVerified={() => {
                setVerified(true);
                setStage("granted");
              }}
            />
            <GateWayOut onLogIn={backToLogin} />
          </>
        )}
        {stage === "granted" && (
          <AccessGranted
            onContinue={() => {
              setTab("register");
              setStage("form");
            }}
          />
        )}
        {stage === "form" && (
          <Card className="w-full">
            <CardHeader className="relative items-center px-5 pt-8 text-center sm:px-6">
              {inviteCode && (
                <Button variant="ghost" size="sm" className="absolute start-3 top-3 text-muted-foreground" asChild>
                  <Link href={`/invite/${encodeURIComponent(inviteCode)}`}>
                    <ArrowLeftIcon className="rtl:-scale-x-100" aria-hidden />
                    {t("backToInvite")}
                  </Link>
                </Button>
              )}
              {eventId && (
                <Button variant="ghost" size="sm" className="absolute start-3 top-3 text-muted-foreground" asChild>
                  <Link href={`/events/${eventId}`}>
                    <ArrowLeftIcon className="rtl:-scale-x-100" aria-hidden />
                    {t("backToEvent")}
                  </Link>
                </Button>
              )}
              <CardTitle className={inviteCode || eventId ? "mt-4 text-2xl" : "text-2xl"}>
                {tab === "register" ? t("join", { product: PRODUCT_NAME }) : t("welcomeBack")}
              </CardTitle>
              <CardDescription>{t("tagline")}</CardDescription>
              {inviteCode && (
                <p
                  className="mt-2 flex items-center justify-center gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm text-foreground"
                  role="status"
                >
                  <TicketIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  {t("inviteLetsIn")}
                </p>
              )}
            </CardHeader>
            <CardContent className="px-5 pb-8 sm:px-6">
              <Tabs value={tab} onValueChange={(value) => chooseTab(value as Tab)}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="login">{t("logIn")}</TabsTrigger>
                  <TabsTrigger value="register">{t("createAccount")}</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm inviteCode={inviteCode} />
                  {!inviteCode && (
                    <Button variant="link" className="mt-2 w-full" onClick={enterCodeAgain}>
                      {t("enterAccessCode")}
                    </Button>
                  )}
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}

interface InviteLinkValues {
  link: string;
}
const inviteLinkResolver = lazyZodResolver<InviteLinkValues>(() =>
  import("./invite-link-schema").then((m) => m.inviteLinkFormSchema),
);

/** Under the code screen: the way back for someone who has an account, and the way in for someone invited. */
function GateWayOut({ onLogIn }: { onLogIn: () => void }) {
  const t = useTexts(AUTH_TEXTS);
  const [, navigate] = useLocation();
  const [askLink, setAskLink] = useState(false);
  // What was wrong stays until the person types again, and is checked again when they send it.
  const form = useForm<InviteLinkValues>({
    resolver: inviteLinkResolver,
    reValidateMode: "onSubmit",
    defaultValues: { link: "" },
  });
  // Parsed, the link is its invite code.
  const openInvite = form.handleSubmit(({ link: code }) => navigate(`/invite/${encodeURIComponent(code)}`));
  return (
    <div className="grid w-full gap-3 text-center text-sm">
      <p className="text-muted-foreground">
        {t("alreadyHaveAccount")}{" "}
        <Button variant="link" className="h-auto p-0 font-medium" onClick={onLogIn}>
          {t("logIn")}
        </Button>
      </p>
      {askLink ? (
        <Form {...form}>
          <form noValidate className="grid gap-2 text-start" onSubmit={openInvite}>
            <FormField
              control={form.control}
              name="link"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("inviteLink")}</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      maxLength={INVITE_LINK_MAX}
                      inputMode="url"
                      autoCapitalize="none"
                      onChange={(event) => {
                        field.onChange(event);
                        form.clearErrors("link");
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <Button type="submit" variant="outline">
              {t("openInvite")}
            </Button>
          </form>
        </Form>
      ) : (
        <p className="text-muted-foreground">
          <Button variant="link" className="h-auto p-0 font-medium" onClick={() => setAskLink(true)}>
            {t("haveInviteLink")}
          </Button>
        </p>
      )}
    </div>
  );
}

/** The owner, now signed in with the password, confirms linking the Google account they just used. */
function LinkGoogleCard({ fullName, onSkip }: { fullName: string; onSkip: () => void }) {
  const t = useTexts(AUTH_TEXTS);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center px-5 pt-8 text-center sm:px-6">
          <CardTitle className="text-2xl">{t("linkGoogleTitle")}</CardTitle>
          <CardDescription>{t("linkGoogleText", { name: fullName })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 px-5 pb-8 sm:px-6">
          <Button size="lg" className="w-full" asChild>
            <a href="/api/auth/google?link=1">{t("linkGoogle")}</a>
          </Button>
          <Button size="lg" variant="outline" className="w-full" onClick={onSkip}>
            {t("notNow")}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
