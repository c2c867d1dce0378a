import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { errorMessage } from "@/lib/api";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { confirmEmailMutation } from "./api/account-actions";
import { AccountScreen } from "./reset-password-page";

/** /verify-email?token=... (the e-mailed link): spends the link once and says how it went. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const confirm = useMutation(confirmEmailMutation());
  const { mutate } = confirm;
  const spent = useRef(false);
  // Once per page load: the link is single-use, and React's development double effect must not spend it twice.
  useEffect(() => {
    if (!token || spent.current) return;
    spent.current = true;
    mutate(token);
  }, [token, mutate]);
  return (
    <AccountScreen title="Verify your e-mail">
      {confirm.isPending || (confirm.isIdle && token) ? (
        <p className="flex items-center gap-2 text-sm">
          <Spinner label="Verifying" /> Verifying…
        </p>
      ) : confirm.isSuccess ? (
        <p role="status" className="text-sm">
          {confirm.data.message}
        </p>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          {confirm.error
            ? (errorMessage(confirm.error) ?? confirm.error.message)
            : "This link is invalid or has expired. Ask for a new one."}
        </p>
      )}
      <Button asChild variant="outline">
        <Link href="/settings">Go to Settings</Link>
      </Button>
    </AccountScreen>
  );
}
