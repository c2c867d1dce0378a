import { ACCOUNT_TEXTS, type changePasswordSchema, type deleteAccountSchema } from "@contract/account";
import { ACCOUNT_UI_TEXTS } from "@contract/settings-texts";
import { useMutation } from "@tanstack/react-query";
import { BadgeCheckIcon, DownloadIcon, MailWarningIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { signOutLocally } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { text, useTexts } from "@/lib/i18n";
import { lazyZodResolver } from "@/lib/lazy-resolver";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Form } from "@/ui/form";
import { TextField } from "@/ui/form-fields";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import {
  changePasswordMutation,
  deleteAccountMutation,
  exportDataMutation,
  sendVerificationMutation,
} from "./api/account-actions";
import { useAccountStatus } from "./api/account-status";

type ChangePasswordValues = z.input<typeof changePasswordSchema>;
type DeleteAccountValues = z.input<typeof deleteAccountSchema>;
const changePasswordResolver = lazyZodResolver<ChangePasswordValues>(() =>
  import("@contract/account").then((m) => m.changePasswordSchema),
);
const deleteAccountResolver = lazyZodResolver<DeleteAccountValues>(() =>
  import("@contract/account").then((m) => m.deleteAccountSchema),
);

const failed = (title: keyof typeof ACCOUNT_UI_TEXTS) => (error: Error) =>
  toast({
    title: text(ACCOUNT_UI_TEXTS, title),
    description: errorMessage(error) ?? error.message,
    variant: "destructive",
  });

/** Verified or not, and a button that mails a verification link. */
function EmailVerification() {
  const { data } = useAccountStatus();
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const send = useMutation({
    ...sendVerificationMutation(),
    onSuccess: (r) => toast({ title: text(ACCOUNT_UI_TEXTS, "checkInbox"), description: r.message }),
    onError: failed("sendFailed"),
  });
  if (!data) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="email-verification">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t("status")}</p>
        {data.emailVerified ? (
          <Badge variant="secondary" className="shrink-0 gap-1">
            <BadgeCheckIcon className="size-3.5" aria-hidden /> {t("verified")}
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0 gap-1 text-muted-foreground">
            <MailWarningIcon className="size-3.5" aria-hidden /> {t("unverified")}
          </Badge>
        )}
      </div>
      {!data.emailVerified && (
        <>
          <p className="text-sm text-muted-foreground">{t("verifyWhy")}</p>
          <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending && <Spinner label={t("sending")} />}
            {t("sendVerification")}
          </Button>
        </>
      )}
    </div>
  );
}

function ChangePassword() {
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const form = useForm<ChangePasswordValues>({
    resolver: changePasswordResolver,
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const [currentPassword, newPassword] = useWatch({ control: form.control, name: ["currentPassword", "newPassword"] });
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: (r) => {
      form.reset();
      toast({ title: text(ACCOUNT_UI_TEXTS, "passwordChanged"), description: r.message });
    },
    onError: failed("passwordNotChanged"),
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        aria-label={t("changePassword")}
      >
        <TextField
          control={form.control}
          name="currentPassword"
          label={t("currentPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          control={form.control}
          name="newPassword"
          label={t("newPassword")}
          type="password"
          autoComplete="new-password"
          required
        />
        <p className="text-xs text-muted-foreground">{t("othersSignedOut")}</p>
        <Button type="submit" disabled={change.isPending || !currentPassword || !newPassword}>
          {change.isPending && <Spinner label={t("saving")} />}
          {t("changePassword")}
        </Button>
      </form>
    </Form>
  );
}

function DeleteAccount() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const t = useTexts(ACCOUNT_UI_TEXTS);
  const form = useForm<DeleteAccountValues>({ resolver: deleteAccountResolver, defaultValues: { password: "" } });
  const password = useWatch({ control: form.control, name: "password" });
  const formRef = useRef<HTMLFormElement>(null);
  // The form opens near the end of the page: its buttons come into view above the bottom bar at once.
  useEffect(() => {
    if (open) formRef.current?.scrollIntoView({ block: "nearest" });
  }, [open]);
  const remove = useMutation({
    ...deleteAccountMutation(),
    onSuccess: (_answer, _password, _result, { client }) => {
      signOutLocally(client);
      toast({ title: text(ACCOUNT_TEXTS, "deleted") });
      navigate("/auth");
    },
    onError: failed("accountNotDeleted"),
  });
  if (!open) {
    return (
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden /> {t("deleteMyAccount")}
      </Button>
    );
  }
  return (
    <Form {...form}>
      <form
        ref={formRef}
        noValidate
        className="grid gap-3 rounded-lg border border-destructive/40 p-3"
        aria-label={t("deleteAccount")}
        onSubmit={form.handleSubmit((values) => remove.mutate(values.password))}
      >
        <p className="text-sm">{t("deleteWarning")}</p>
        <TextField
          control={form.control}
          name="password"
          label={t("confirmWithPassword")}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="grid grid-cols-2 gap-2">
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            {t("keepAccount")}
          </Button>
          <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
            {remove.isPending && <Spinner label={t("deleting")} />}
            {t("deleteForever")}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** Settings › Account: change the password, verify the address, export the data, delete the account. */
export function AccountControls() {
  const exporting = useMutation({ ...exportDataMutation(), onError: failed("exportFailed") });
  const t = useTexts(ACCOUNT_UI_TEXTS);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{t("emailAddress")}</CardTitle>
        </CardHeader>
        <CardContent>
          <EmailVerification />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("changePassword")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePassword />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("yourData")}</CardTitle>
          <CardDescription>{t("yourDataText")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            {exporting.isPending ? <Spinner label={t("preparing")} /> : <DownloadIcon aria-hidden />}
            {t("exportData")}
          </Button>
          <DeleteAccount />
        </CardContent>
      </Card>
    </>
  );
}
