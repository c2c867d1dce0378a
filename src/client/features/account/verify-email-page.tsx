import { ACCOUNT_UI_TEXTS } from "@contract/settings-texts";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Spinner } from "@/ui/spinner";
import { confirmEmailMutation } from "./api/account-actions";
import { AccountScreen } from "./reset-password-page";

/** /verify-email?token=... (the e-mailed link): spends the link once and says how it went. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const t = useTexts(ACCOUNT_UI_TEXTS);
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
    <AccountScreen title={t("verifyTitle")}>
      {confirm.isPending || (confirm.isIdle && token) ? (
        <p className="flex items-center gap-2 text-sm">
          <Spinner label={t("verifying")} /> {t("verifyingNow")}
        </p>
      ) : confirm.isSuccess ? (
        <p role="status" className="text-sm">
          {confirm.data.message}
        </p>
      ) : (
        <p role="alert" className="text-sm text-destructive">
          {confirm.error ? (errorMessage(confirm.error) ?? confirm.error.message) : t("linkInvalid")}
        </p>
      )}
      <Button asChild variant="outline">
        <Link href="/settings">{t("goToSettings")}</Link>
      </Button>
    </AccountScreen>
  );
}
