import { INVITE_TEXTS } from "@contract/groups";
import { CalendarClock, CircleCheck, Users } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useParams } from "wouter";
import { useAuth } from "@/features/auth";
import { useInvite, useJoinInvite } from "@/features/groups";
import { errorMessage, errorStatus } from "@/lib/api";
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

  useEffect(() => {
    if (invite.isError) {
      toast({ title: INVITE_TEXTS.notFoundTitle, description: INVITE_TEXTS.notFound, variant: "destructive" });
    }
  }, [invite.isError]);

  const data = invite.data;
  const expired = data ? new Date(data.invite.expiresAt).getTime() <= Date.now() : false;
  const usedUp = data ? data.invite.currentUses >= data.invite.maxUses : false;
  const joinGone = errorStatus(join.error) === 410 ? errorMessage(join.error) : null;
  // A member has nothing to use the invite for, so its state does not matter to them.
  const member = Boolean(user && data?.isMember);
  const unusable = member ? null : expired ? INVITE_TEXTS.expired : usedUp ? INVITE_TEXTS.usedUp : joinGone;

  const onJoin = () =>
    join.mutate(undefined, {
      onSuccess: ({ group }) => {
        toast({ title: INVITE_TEXTS.joined, description: group.name });
        navigate(`/groups?group=${group.id}`);
      },
      onError: (error) =>
        toast({
          title: "Error",
          description:
            errorStatus(error) === 410 ? (errorMessage(error) ?? INVITE_TEXTS.joinFailed) : INVITE_TEXTS.joinFailed,
          variant: "destructive",
        }),
    });

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center bg-background px-4 py-8">
      {(invite.isLoading || authLoading) && <Skeleton className="h-96 rounded-xl" />}
      {invite.isError && (
        <Card>
          <CardHeader>
            <CardTitle>{INVITE_TEXTS.notFoundTitle}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">{INVITE_TEXTS.notFound}</CardContent>
          <CardFooter>
            <Button className="w-full" variant="outline" onClick={() => navigate("/")}>
              Cancel
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
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase" dir="auto">
              {data.invitedBy ? INVITE_TEXTS.invitedBy(data.invitedBy.fullName) : INVITE_TEXTS.invited}
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
              {data.group.memberCount} {data.group.memberCount === 1 ? "member" : "members"}
            </p>
            <p className="flex items-center gap-2">
              <CalendarClock className="size-4 text-muted-foreground" />
              Expires {new Date(data.invite.expiresAt).toLocaleDateString()}
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
                  {INVITE_TEXTS.alreadyMember}
                </p>
                <Button className="w-full" onClick={() => navigate(`/groups?group=${data.groupId}`)}>
                  {INVITE_TEXTS.openGroup}
                </Button>
              </>
            ) : unusable ? null : user ? (
              <Button className="w-full" disabled={join.isPending} onClick={onJoin}>
                {join.isPending && <Spinner />}
                <span className="min-w-0 truncate">Join {data.group.name}</span>
              </Button>
            ) : (
              // The button says what it does; the sign-in card opens on Create account for an invited visitor.
              <Button className="w-full" onClick={() => navigate(`/auth?redirect=/invite/${code}`)}>
                <span className="min-w-0 truncate">Join {data.group.name}</span>
              </Button>
            )}
            <Button className="w-full" variant="outline" onClick={() => navigate("/")}>
              Cancel
            </Button>
          </CardFooter>
        </Card>
      )}
    </main>
  );
}
