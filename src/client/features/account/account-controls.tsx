import { ACCOUNT_TEXTS } from "@contract/account";
import { PASSWORD_MIN } from "@contract/limits";
import { useMutation } from "@tanstack/react-query";
import { BadgeCheckIcon, DownloadIcon, MailWarningIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { signOutLocally } from "@/features/auth";
import { errorMessage } from "@/lib/api";
import { Badge } from "@/ui/badge";
import { Button } from "@/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/ui/card";
import { Input } from "@/ui/input";
import { Label } from "@/ui/label";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import {
  changePasswordMutation,
  deleteAccountMutation,
  exportDataMutation,
  sendVerificationMutation,
} from "./api/account-actions";
import { useAccountStatus } from "./api/account-status";

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorMessage(error) ?? error.message, variant: "destructive" });

function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required
      />
    </div>
  );
}

/** Verified or not, and a button that mails a verification link. */
function EmailVerification() {
  const { data } = useAccountStatus();
  const send = useMutation({
    ...sendVerificationMutation(),
    onSuccess: (r) => toast({ title: "Check your inbox", description: r.message }),
    onError: failed("Couldn't send the e-mail"),
  });
  if (!data) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="email-verification">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Status</p>
        {data.emailVerified ? (
          <Badge variant="secondary" className="shrink-0 gap-1">
            <BadgeCheckIcon className="size-3.5" aria-hidden /> Verified
          </Badge>
        ) : (
          <Badge variant="outline" className="shrink-0 gap-1 text-muted-foreground">
            <MailWarningIcon className="size-3.5" aria-hidden /> Unverified
          </Badge>
        )}
      </div>
      {!data.emailVerified && (
        <>
          <p className="text-sm text-muted-foreground">
            Verify your address so that signing in with Google can link to this account.
          </p>
          <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending && <Spinner label="Sending" />}
            Send verification e-mail
          </Button>
        </>
      )}
    </div>
  );
}

function ChangePassword() {
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: (r) => {
      setCurrent("");
      setNew("");
      toast({ title: "Password changed", description: r.message });
    },
    onError: failed("Password not changed"),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < PASSWORD_MIN) {
      toast({
        title: "Password not changed",
        description: `Password must be at least ${PASSWORD_MIN} characters`,
        variant: "destructive",
      });
      return;
    }
    change.mutate({ currentPassword, newPassword });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} aria-label="Change password">
      <PasswordInput
        label="Current password"
        value={currentPassword}
        onChange={setCurrent}
        autoComplete="current-password"
      />
      <PasswordInput label="New password" value={newPassword} onChange={setNew} autoComplete="new-password" />
      <p className="text-xs text-muted-foreground">Your other devices will be signed out.</p>
      <Button type="submit" disabled={change.isPending || !currentPassword || !newPassword}>
        {change.isPending && <Spinner label="Saving" />}
        Change password
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  // The form opens near the end of the page: its buttons come into view above the bottom bar at once.
  useEffect(() => {
    if (open) formRef.current?.scrollIntoView({ block: "nearest" });
  }, [open]);
  const remove = useMutation({
    ...deleteAccountMutation(),
    onSuccess: (_answer, _password, _result, { client }) => {
      signOutLocally(client);
      toast({ title: ACCOUNT_TEXTS.deleted });
      navigate("/auth");
    },
    onError: failed("Account not deleted"),
  });
  if (!open) {
    return (
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden /> Delete my account
      </Button>
    );
  }
  return (
    <form
      ref={formRef}
      className="grid gap-3 rounded-lg border border-destructive/40 p-3"
      aria-label="Delete account"
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(password);
      }}
    >
      <p className="text-sm">
        This deletes your profile, your messages, friendships and everything else, and cancels the events you host
        (their guests are told). It cannot be undone.
      </p>
      <PasswordInput
        label="Confirm with your password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={() => setOpen(false)}>
          Keep account
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
          {remove.isPending && <Spinner label="Deleting" />}
          Delete forever
        </Button>
      </div>
    </form>
  );
}

/** Settings › Account: change the password, verify the address, export the data, delete the account. */
export function AccountControls() {
  const exporting = useMutation({ ...exportDataMutation(), onError: failed("Export failed") });
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>E-mail address</CardTitle>
        </CardHeader>
        <CardContent>
          <EmailVerification />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Change password</CardTitle>
        </CardHeader>
        <CardContent>
          <ChangePassword />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your data</CardTitle>
          <CardDescription>A JSON file of everything Link stores about you</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Button variant="outline" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
            {exporting.isPending ? <Spinner label="Preparing" /> : <DownloadIcon aria-hidden />}
            Export my data
          </Button>
          <DeleteAccount />
        </CardContent>
      </Card>
    </>
  );
}
