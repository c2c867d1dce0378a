import { GOOGLE_SIGN_IN_ERRORS, type GoogleSignInError } from "@contract/auth";
import { SHARE_TEXTS } from "@contract/event-sharing";
import { PRODUCT_NAME } from "@contract/product";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeftIcon, TicketIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Spinner } from "@/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/ui/tabs";
import { AccessGate } from "./access-gate";
import { AccessGranted } from "./access-granted";
import { accessGrantQuery } from "./api/access";
import { LoginForm } from "./login-form";
import { eventIdOf, inviteCodeOf, safeRedirect } from "./redirect";
import { RegisterForm } from "./register-form";
import { useAuth } from "./use-auth";

type Stage = "gate" | "granted" | "form";

export function AuthPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const redirect = params.get("redirect");
  // Issue 12.3: a visitor sent here by an invite holds an access grant already (the invite) and
  // meets the sign-in card directly; everyone else passes the early-access gate first.
  const inviteCode = inviteCodeOf(redirect);
  // So does one sent by an event's link to join it (a bounded number per event).
  const eventId = inviteCode ? null : eventIdOf(redirect);
  // Issue 9.13: Google sign-in came back refused; "google-link" means the account exists and its
  // owner must sign in with the password, then confirm the link.
  const error = params.get("error");
  const googleError =
    error && Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, error) ? GOOGLE_SIGN_IN_ERRORS[error as GoogleSignInError] : null;
  const linkGoogle = error === "google-link";
  const [stage, setStage] = useState<Stage>(inviteCode || eventId || linkGoogle ? "form" : "gate");
  // A new key remounts the gate, so re-opening it starts from an empty code (spec 01 §2).
  const [gateKey, setGateKey] = useState(0);
  // A code verified before a reload left its grant in an HttpOnly cookie the page cannot read: the
  // server says whether it is still good, and then the sign-in card comes directly (once: "Change
  // code" still reopens the gate).
  const askGrant = !user && !isLoading && stage === "gate" && gateKey === 0;
  const grant = useQuery({ ...accessGrantQuery(), enabled: askGrant });
  const granted = grant.data?.granted === true;
  useEffect(() => {
    if (granted) setStage((current) => (current === "gate" ? "form" : current));
  }, [granted]);

  // Spec 01 §2: a signed-in user goes to "/" (or back to the page that sent them here).
  useEffect(() => {
    if (user && !linkGoogle) navigate(safeRedirect(redirect), { replace: true });
  }, [user, redirect, navigate, linkGoogle]);

  if (user && linkGoogle)
    return <LinkGoogleCard fullName={user.fullName} onSkip={() => navigate("/", { replace: true })} />;
  // While the grant is asked about, a spinner rather than a gate that may vanish at once.
  if (isLoading || user || (askGrant && grant.isPending)) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8 text-primary" />
      </div>
    );
  }

  return (
    <main className="relative flex min-h-dvh flex-col items-center overflow-hidden px-4 py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 size-[32rem] -translate-x-1/2 rounded-full bg-brand opacity-20 blur-3xl"
      />
      <div className="relative flex w-full max-w-md flex-1 flex-col items-center justify-center gap-6">
        <div className="flex items-center gap-2.5">
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
        {stage === "gate" && <AccessGate key={gateKey} onVerified={() => setStage("granted")} />}
        {stage === "granted" && <AccessGranted onContinue={() => setStage("form")} />}
        {stage === "form" && (
          <Card className="w-full">
            <CardHeader className="relative items-center px-5 pt-8 text-center sm:px-6">
              {inviteCode ? (
                <Button variant="ghost" size="sm" className="absolute top-3 left-3 text-muted-foreground" asChild>
                  <Link href={`/invite/${encodeURIComponent(inviteCode)}`}>
                    <ArrowLeftIcon aria-hidden />
                    Back to invite
                  </Link>
                </Button>
              ) : eventId ? (
                <Button variant="ghost" size="sm" className="absolute top-3 left-3 text-muted-foreground" asChild>
                  <Link href={`/events/${eventId}`}>
                    <ArrowLeftIcon aria-hidden />
                    Back to event
                  </Link>
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  className="absolute top-3 left-3 text-muted-foreground"
                  onClick={() => {
                    setGateKey((k) => k + 1);
                    setStage("gate");
                  }}
                >
                  <ArrowLeftIcon aria-hidden />
                  Change code
                </Button>
              )}
              <CardTitle className="mt-4 text-2xl">Welcome to {PRODUCT_NAME}</CardTitle>
              <CardDescription>Connect with friends and professionals</CardDescription>
              {inviteCode && (
                <p
                  className="mt-2 flex items-center justify-center gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm text-foreground"
                  role="status"
                >
                  <TicketIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  Your invite lets you in: no access code needed.
                </p>
              )}
              {eventId && (
                <p
                  className="mt-2 flex items-center justify-center gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm text-foreground"
                  role="status"
                >
                  <TicketIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  {SHARE_TEXTS.linkLetsYouIn}
                </p>
              )}
            </CardHeader>
            <CardContent className="px-5 pb-8 sm:px-6">
              <Tabs defaultValue="login">
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm inviteCode={inviteCode} eventId={eventId} />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        )}
      </div>
    </main>
  );
}

/** Issue 9.13: the owner, now signed in with the password, confirms linking the Google account they just used. */
function LinkGoogleCard({ fullName, onSkip }: { fullName: string; onSkip: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center px-5 pt-8 text-center sm:px-6">
          <CardTitle className="text-2xl">Link your Google account?</CardTitle>
          <CardDescription>
            You're signed in as {fullName}. Link the Google account you just used, and it signs you in here from now on.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 px-5 pb-8 sm:px-6">
          <Button size="lg" className="w-full" asChild>
            <a href="/api/auth/google?link=1">Link Google account</a>
          </Button>
          <Button size="lg" variant="outline" className="w-full" onClick={onSkip}>
            Not now
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
