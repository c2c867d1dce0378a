import { FRIENDS_TEXTS } from "@contract/profile-texts";
import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { Skeleton } from "@/ui/skeleton";
import { toast } from "@/ui/use-toast";
import { useFriendAction, useFriends, useIncomingRequests } from "./api";
import { InviteFriendDialog } from "./invite-friend-dialog";
import { UserAvatar } from "./user-avatar";

function PersonRow({
  user,
  children,
}: {
  user: { id: number; fullName: string; username: string; profileImage: string | null };
  children?: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl px-2 py-2 hover:bg-accent/50">
      <Link
        href={`/users/${user.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UserAvatar user={user} className="size-10" />
        <span className="grid min-w-0">
          <span className="truncate text-sm font-medium" dir="auto">
            {user.fullName}
          </span>
          <span className="truncate text-xs text-muted-foreground" dir="auto">
            @{user.username}
          </span>
        </span>
      </Link>
      {children}
    </li>
  );
}

/** Own profile's Friends tab: incoming requests to answer, the friends list and Add Friends. */
export function FriendsTab({ userId }: { userId: number }) {
  const t = useTexts(FRIENDS_TEXTS);
  const friends = useFriends(userId);
  const incoming = useIncomingRequests();
  const action = useFriendAction();
  const [inviteOpen, setInviteOpen] = useState(false);

  const answer = (otherId: number, kind: "accept" | "decline") =>
    action.mutate(
      { userId: otherId, action: kind },
      {
        onSuccess: () =>
          toast(
            kind === "accept"
              ? { title: t("friendAdded"), description: t("nowFriends") }
              : { title: t("requestDeclined") },
          ),
        onError: (error) =>
          toast({
            title: t("error"),
            description: errorMessage(error) ?? t("couldNotAnswer"),
            variant: "destructive",
          }),
      },
    );

  return (
    <div className="grid gap-4">
      {(incoming.data?.length ?? 0) > 0 && (
        <section aria-label={t("friendRequestsLabel")} className="grid gap-1">
          <h3 className="px-2 text-sm font-semibold">{t("friendRequests")}</h3>
          <ul className="grid">
            {incoming.data?.map(({ user }) => (
              <PersonRow key={user.id} user={user}>
                <Button size="sm" onClick={() => answer(user.id, "accept")} disabled={action.isPending}>
                  {t("accept")}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => answer(user.id, "decline")}
                  disabled={action.isPending}
                >
                  {t("decline")}
                </Button>
              </PersonRow>
            ))}
          </ul>
        </section>
      )}

      <section aria-label={t("friends")} className="grid gap-1">
        <div className="flex items-center justify-between px-2">
          <h3 className="text-sm font-semibold">{t("friends")}</h3>
          <Button size="sm" variant="outline" onClick={() => setInviteOpen(true)}>
            <UserPlusIcon />
            {t("addFriends")}
          </Button>
        </div>
        {friends.isLoading ? (
          <div className="grid gap-2 px-2 py-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (friends.data?.length ?? 0) === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">{t("noFriends")}</p>
        ) : (
          <ul className="grid">
            {friends.data?.map((friend) => (
              <PersonRow key={friend.id} user={friend} />
            ))}
          </ul>
        )}
      </section>
      <InviteFriendDialog open={inviteOpen} onOpenChange={setInviteOpen} />
    </div>
  );
}
