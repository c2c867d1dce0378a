import type { AdminReport } from "@contract/safety";
import { MODERATION_TEXTS, REPORT_REASON_LABELS, SAFETY_TEXTS } from "@contract/safety-texts";
import { useState } from "react";
import { Link } from "wouter";
import { useAuth } from "@/features/auth";
import { errorStatus } from "@/lib/api";
import { formatEventDateTime } from "@/lib/format-date";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { ConfirmDialog } from "@/ui/confirm-dialog";
import { Spinner } from "@/ui/spinner";
import { toast } from "@/ui/use-toast";
import { type ModerationAction, useAdminReports, useModerate } from "./api";

const TARGET_LABEL: Record<AdminReport["targetType"], keyof typeof MODERATION_TEXTS> = {
  user: "targetUser",
  message: "targetMessage",
  event: "targetEvent",
};

function ReportCard({ report }: { report: AdminReport }) {
  const t = useTexts(MODERATION_TEXTS);
  const safety = useTexts(SAFETY_TEXTS);
  const reasonLabel = useTexts(REPORT_REASON_LABELS);
  const moderate = useModerate();
  const { user } = useAuth();
  const [confirmingSuspend, setConfirmingSuspend] = useState(false);
  const act = (action: ModerationAction, done: string) =>
    moderate.mutate(action, {
      onSuccess: () => toast({ title: done }),
      onError: () => toast({ title: t("actionFailed"), description: t("tryAgain"), variant: "destructive" }),
    });
  const { subject, message, event, deletedSubject } = report;
  return (
    <li className="grid gap-3 rounded-2xl border border-border bg-card p-4" data-testid="admin-report">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold">
          {t(TARGET_LABEL[report.targetType])} · {reasonLabel(report.reason)}
        </h2>
        <time className="text-xs text-muted-foreground" dateTime={report.createdAt}>
          {formatEventDateTime(report.createdAt, user?.timezone)}
        </time>
      </div>
      <dl className="grid gap-1 text-sm">
        <div>
          <dt className="inline text-muted-foreground">{t("reportedBy")} </dt>
          <dd className="inline">
            {report.reporter ? (
              <span dir="auto">
                {report.reporter.fullName} (@{report.reporter.username})
              </span>
            ) : (
              safety("deletedAccount")
            )}
          </dd>
        </div>
        {subject && (
          <div>
            <dt className="inline text-muted-foreground">{t(report.targetType === "user" ? "person" : "author")} </dt>
            <dd className="inline">
              <Link href={`/users/${subject.id}`} className="underline underline-offset-2" dir="auto">
                {subject.fullName} (@{subject.username})
              </Link>
              {subject.suspended && <span className="ms-2 text-destructive">{t("suspended")}</span>}
            </dd>
          </div>
        )}
        {deletedSubject && (
          <div data-testid="deleted-subject">
            <dt className="inline text-muted-foreground">{t(report.targetType === "user" ? "person" : "author")} </dt>
            <dd className="inline">
              {safety("deletedAccount")}{" "}
              <span className="text-xs text-muted-foreground">
                ({t("emailKey")} <code className="font-mono">{deletedSubject.emailHash}</code>)
              </span>
              {deletedSubject.sameAddressNow && (
                <span className="mt-1 block text-destructive">
                  {safety("sameAddressAgain")}{" "}
                  <Link
                    href={`/users/${deletedSubject.sameAddressNow.id}`}
                    className="underline underline-offset-2"
                    dir="auto"
                  >
                    {deletedSubject.sameAddressNow.fullName} (@{deletedSubject.sameAddressNow.username})
                  </Link>
                </span>
              )}
            </dd>
          </div>
        )}
        {report.details && (
          <div>
            <dt className="inline text-muted-foreground">{t("details")} </dt>
            <dd className="inline wrap-anywhere whitespace-pre-wrap" dir="auto">
              {report.details}
            </dd>
          </div>
        )}
      </dl>
      {message && (
        <blockquote className="rounded-lg bg-muted px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap">
          <span dir="auto">{message.text}</span>
          {message.hidden && <span className="mt-1 block text-xs text-muted-foreground">{t("hiddenFromReaders")}</span>}
        </blockquote>
      )}
      {event && (
        <p className="text-sm">
          <Link href={`/events/${event.id}`} className="font-medium underline underline-offset-2" dir="auto">
            {event.title}
          </Link>
          {event.hidden && <span className="ms-2 text-xs text-muted-foreground">{t("hidden")}</span>}
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
                t(message.hidden ? "messageShown" : "messageHidden"),
              )
            }
          >
            {t(message.hidden ? "showMessage" : "hideMessage")}
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
                t(event.hidden ? "eventShown" : "eventHidden"),
              )
            }
          >
            {t(event.hidden ? "showEvent" : "hideEvent")}
          </Button>
        )}
        {subject && (
          <Button
            size="sm"
            variant={subject.suspended ? "outline" : "destructive"}
            disabled={moderate.isPending}
            onClick={() =>
              subject.suspended
                ? act({ kind: "suspend", id: subject.id, suspended: false }, t("suspensionLifted"))
                : setConfirmingSuspend(true)
            }
          >
            {t(subject.suspended ? "liftSuspension" : "suspendAccount")}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={moderate.isPending}
          onClick={() => act({ kind: "resolve", id: report.id }, t("reportResolved"))}
        >
          {t("resolve")}
        </Button>
      </div>
      {subject && (
        <ConfirmDialog
          open={confirmingSuspend}
          onOpenChange={setConfirmingSuspend}
          title={t("suspendTitle", { name: subject.fullName })}
          description={t("suspendDescription")}
          confirmLabel={t("suspend")}
          cancelLabel={t("cancel")}
          destructive
          pending={moderate.isPending}
          onConfirm={() => {
            setConfirmingSuspend(false);
            act({ kind: "suspend", id: subject.id, suspended: true }, t("accountSuspended"));
          }}
        />
      )}
    </li>
  );
}

/** The moderation page (/admin). Anyone else gets the app's not-found screen. */
export function AdminPage() {
  const t = useTexts(MODERATION_TEXTS);
  const reports = useAdminReports();
  if (reports.isLoading) return <Spinner className="mx-auto mt-16" />;
  if (reports.isError) {
    const status = errorStatus(reports.error);
    return (
      <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
        <h1 className="text-2xl font-bold">{t(status === 403 ? "pageNotFound" : "couldNotLoad")}</h1>
        <Button asChild>
          <Link href="/">{t("goHome")}</Link>
        </Button>
      </section>
    );
  }
  const list = reports.data ?? [];
  return (
    <section className="grid gap-4 px-4 py-5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-sm text-muted-foreground">
          {list.length === 0 ? t("noReports") : t("openReports", { count: list.length })}
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
