import { type AdminReport, REPORT_REASON_LABELS, SAFETY_TEXTS } from "@contract/safety";
import { useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { errorStatus } from "@/lib/api";
import { formatEventDateTime } from "@/lib/format-date";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { type ModerationAction, useAdminReports, useModerate } from "./api";

const TARGET_LABEL: Record<AdminReport["targetType"], string> = {
  user: "Person",
  message: "Chat message",
  event: "Event",
};

function ReportCard({ report }: { report: AdminReport }) {
  const moderate = useModerate();
  const { user } = useAuth();
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const act = (action: ModerationAction, done: string) =>
    moderate.mutate(action, {
      onSuccess: () => toast({ title: done }),
      onError: () => toast({ title: "Action failed", description: "Please try again.", variant: "destructive" }),
    });
  const { subject, message, event, deletedSubject } = report;
  return (
    <li className="grid gap-3 rounded-2xl border border-border bg-card p-4" data-testid="admin-report">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">
          {TARGET_LABEL[report.targetType]} · {REPORT_REASON_LABELS[report.reason]}
        </h2>
        <time className="text-xs text-muted-foreground" dateTime={report.createdAt}>
          {formatEventDateTime(report.createdAt, user?.timezone)}
        </time>
      </div>
      <dl className="grid gap-1 text-sm">
        <div>
          <dt className="inline text-muted-foreground">Reported by </dt>
          <dd className="inline">
            {report.reporter
              ? `${report.reporter.fullName} (@${report.reporter.username})`
              : SAFETY_TEXTS.deletedAccount}
          </dd>
        </div>
        {subject && (
          <div>
            <dt className="inline text-muted-foreground">{report.targetType === "user" ? "Person " : "Author "}</dt>
            <dd className="inline">
              <Link href={`/users/${subject.id}`} className="underline underline-offset-2">
                {subject.fullName} (@{subject.username})
              </Link>
              {subject.suspended && <span className="ml-2 text-destructive">suspended</span>}
            </dd>
          </div>
        )}
        {deletedSubject && (
          <div data-testid="deleted-subject">
            <dt className="inline text-muted-foreground">{report.targetType === "user" ? "Person " : "Author "}</dt>
            <dd className="inline">
              {SAFETY_TEXTS.deletedAccount}{" "}
              <span className="text-xs text-muted-foreground">
                (e-mail key <code className="font-mono">{deletedSubject.emailHash}</code>)
              </span>
              {deletedSubject.sameAddressNow && (
                <span className="mt-1 block text-destructive">
                  {SAFETY_TEXTS.sameAddressAgain}{" "}
                  <Link href={`/users/${deletedSubject.sameAddressNow.id}`} className="underline underline-offset-2">
                    {deletedSubject.sameAddressNow.fullName} (@{deletedSubject.sameAddressNow.username})
                  </Link>
                </span>
              )}
            </dd>
          </div>
        )}
        {report.details && (
          <div>
            <dt className="inline text-muted-foreground">Details </dt>
            <dd className="inline wrap-anywhere whitespace-pre-wrap">{report.details}</dd>
          </div>
        )}
      </dl>
      {message && (
        <blockquote className="rounded-lg bg-muted px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap">
          {message.text}
          {message.hidden && <span className="mt-1 block text-xs text-muted-foreground">Hidden from readers</span>}
        </blockquote>
      )}
      {event && (
        <p className="text-sm">
          <Link href={`/events/${event.id}`} className="font-medium underline underline-offset-2">
            {event.title}
          </Link>
          {event.hidden && <span className="ml-2 text-xs text-muted-foreground">hidden</span>}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {message && (
          <Button
            size="sm"
            variant={message.hidden ? "outline" : "destructive"}
            disabled={moderate.isPending}
            onClick={() =>
              act(
                { kind: "hideMessage", id: message.id, hidden: !message.hidden },
                message.hidden ? "Message shown" : "Message hidden",
              )
            }
          >
            {message.hidden ? "Show message" : "Hide message"}
          </Button>
        )}
        {event && (
          <Button
            size="sm"
            variant={event.hidden ? "outline" : "destructive"}
            disabled={moderate.isPending}
            onClick={() =>
              act(
                { kind: "hideEvent", id: event.id, hidden: !event.hidden },
                event.hidden ? "Event shown" : "Event hidden",
              )
            }
          >
            {event.hidden ? "Show event" : "Hide event"}
          </Button>
        )}
        {subject && (
          <Button
            size="sm"
            variant={subject.suspended ? "outline" : "destructive"}
            disabled={moderate.isPending}
            onClick={() =>
              subject.suspended
                ? act({ kind: "suspend", id: subject.id, suspended: false }, "Suspension lifted")
                : setConfirmingSuspend(true)
            }
          >
            {subject.suspended ? "Lift suspension" : "Suspend account"}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={moderate.isPending}
          onClick={() => act({ kind: "resolve", id: report.id }, "Report resolved")}
        >
          Resolve
        </Button>
      </div>
      {subject && (
        <ConfirmDialog
          open={confirmingSuspend}
          onOpenChange={setConfirmingSuspend}
          title={`Suspend ${subject.fullName}?`}
          description="Every session of this account ends now, open chats disconnect, and signing in is refused until the suspension is lifted."
          confirmLabel="Suspend"
          cancelLabel="Cancel"
          destructive
          pending={moderate.isPending}
          onConfirm={() => {
            setConfirmingSuspend(false);
            act({ kind: "suspend", id: subject.id, suspended: true }, "Account suspended");
          }}
        />
      )}
    </li>
  );
}

/** The moderation page (/admin). Anyone else gets the app's not-found screen. */
export function AdminPage() {
  const reports = useAdminReports();
  if (reports.isLoading) return <Spinner className="mx-auto mt-16" />;
  if (reports.isError) {
    const status = errorStatus(reports.error);
    return (
      <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
        <h1 className="text-2xl font-bold">{status === 403 ? "Page Not Found" : "Could not load reports"}</h1>
        <Button asChild>
          <Link href="/">Go Home</Link>
        </Button>
      </section>
    );
  }
  const list = reports.data ?? [];
  return (
    <section className="grid gap-4 px-4 py-5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Moderation</h1>
        <p className="text-sm text-muted-foreground">
          {list.length === 0
            ? "No open reports."
            : `${list.length} open report${list.length === 1 ? "" : "s"}, oldest first.`}
        </p>
      </header>
      <ul className="grid gap-3">
        {list.map((r) => (
          <ReportCard key={r.id} report={r} />
        ))}
      </ul>
    </section>
  );
}
