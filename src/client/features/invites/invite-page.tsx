import { INVITE_TEXTS } from "@contract/groups";
import { CalendarClock, CircleCheck, Users } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useParams } from "wouter";
import { useAuth } from "@/features/auth";
import { useInvite, useJoinInvite } from "@/features/groups";
import { errorMessage, errorStatus } from "@/lib/api";
import { text, useLanguage, useTexts } from "@/lib/i18n";
import { initialOf } from "@/lib/utils";
import { Button } from "@/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/ui/card";
import { Skeleton } from "@/ui/skeleton";
import { Spinner } from "@/ui/spinner";
import { UploadedImage } from "@/ui/uploaded-image";
import { toast } from "@/ui/use-toast";

/** /invite/{code}: public, no header or bottom bar. */
export function InvitePage() {
  const { code = "" } = useParams<{ code: string }>();
  const [, navigate] = useLocation();
  const { user, isLoading: authLoading } = useAuth();
  const invite = useInvite(code, { userId: user?.id ?? null, ready: !authLoading });
  const join = useJoinInvite(code);
  const t = useTexts(INVITE_TEXTS);
  const { locale } = useLanguage();

  useEffect(() => {
    if (invite.isError) {
      toast({
        title: text(INVITE_TEXTS, "notFoundTitle"),
        description: text(INVITE_TEXTS, "notFound"),
        variant: "destructive",
      });
    }
  }, [invite.isError]);

  const data = invite.data;
  const expired = data ? new Date(data.invite.expiresAt).getTime() <= Date.now() : false;
  const usedUp = data ? data.invite.currentUses >= data.invite.maxUses : false;
  const joinGone = errorStatus(join.error) === 410 ? errorMessage(join.error) : null;
  // A member has nothing to use the invite for, so its state does not matter to them.
  const member = Boolean(user && data?.isMember);
  const unusable = member ? null : expired ? t("expired") : usedUp ? t("usedUp") : joinGone;

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: ({ group }) => {
        toast({ title: t("joined"), description: group.name });
        navigate(`/groups?group=${group.id}`);
      },
      onError: (error) =>
        toast({
          title: t("error"),
          description: errorStatus(error) === 410 ? (errorMessage(error) ?? t("joinFailed")) : t("joinFailed"),
          variant: "destructive",
        }),
    });

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center bg-background px-4 py-8">
      {(invite.isLoading || authLoading) && <Skeleton className="h-96 rounded-xl" />}
      {invite.isError && (
        <Card>
          <CardHeader>
            <CardTitle>{t("notFoundTitle")}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{t("notFound")}</CardContent>
          <CardFooter>
            <Button className="w-full" variant="outline" onClick={() => navigate("/")}>
              {t("cancel")}
            </Button>
          </CardFooter>
        </Card>
      )}
      {data && (
        <Card className="overflow-hidden pt-0">
          {data.group.imageUrl ? (
            <UploadedImage
              src={data.group.imageUrl}
              sizes="(max-width: 448px) 100vw, 448px"
              className="h-40 w-full object-cover"
            />
          ) : (
            <div className="grid h-40 place-items-center bg-gradient-to-br from-primary/30 to-primary/5">
              <span className="text-5xl font-bold text-primary">{initialOf(data.group.name)}</span>
            </div>
          )}
          <CardHeader>
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {data.invitedBy ? t("invitedBy", { name: data.invitedBy.fullName }) : t("invited")}
            </p>
            <CardTitle className="text-2xl" dir="auto">
              {data.group.name}
            </CardTitle>
            {data.group.description && (
              <p className="text-sm text-muted-foreground" dir="auto">
                {data.group.description}
              </p>
            )}
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            <p className="flex items-center gap-2">
              <Users className="size-4 text-muted-foreground" />
              {t("members", { count: data.group.memberCount })}
            </p>
            <p className="flex items-center gap-2">
              <CalendarClock className="size-4 text-muted-foreground" />
              {t("expires", { date: new Intl.DateTimeFormat(locale).format(new Date(data.invite.expiresAt)) })}
            </p>
            {unusable && (
              <p className="mt-2 rounded-lg bg-destructive/10 p-3 text-destructive" role="alert">
                {unusable}
              </p>
            )}
          </CardContent>
          <CardFooter className="grid gap-2">
            {member ? (
              <>
                <p
                  className="flex items-center justify-center gap-2 rounded-lg bg-primary/10 p-3 text-sm font-medium text-primary"
                  role="status"
                >
                  <CircleCheck className="size-4 shrink-0" />
                  {t("alreadyMember")}
                </p>
                <Button className="w-full" onClick={() => navigate(`/groups?group=${data.groupId}`)}>
                  {t("openGroup")}
                </Button>
              </>
            ) : unusable ? null : user ? (
              <Button className="w-full" disabled={join.isPending} onClick={onJoin}>
                {join.isPending && <Spinner />}
                <span className="min-w-0 truncate">{t("join", { name: data.group.name })}</span>
              </Button>
            ) : (
              // The button says what it does; the sign-in card opens on Create account for an invited visitor.
              <Button className="w-full" onClick={() => navigate(`/auth?redirect=/invite/${code}`)}>
                <span className="min-w-0 truncate">{t("join", { name: data.group.name })}</span>
              </Button>
            )}
            <Button className="w-full" variant="outline" onClick={() => navigate("/")}>
              {t("cancel")}
            </Button>
          </CardFooter>
        </Card>
      )}
    </main>
  );
}
