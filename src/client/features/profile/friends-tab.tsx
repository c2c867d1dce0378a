import { UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { errorMessage } from "@/lib/api";
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
          <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
        </span>
      </Link>
      {children}
    </li>
  );
}

/** Own profile's Friends tab: incoming requests to answer, the friends list and Add Friends. */
export function FriendsTab({ userId }: { userId: number }) {
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
              ? { title: "Friend added", description: "You are now friends." }
              : { title: "Request declined" },
          ),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error) ?? "Could not answer the request",
            variant: "destructive",
          }),
      },
    );

  return (
    <div className="grid gap-4">
      {(incoming.data?.length ?? 0) > 0 && (
        <section aria-label="Friend requests" className="grid gap-1">
          <h3 className="px-2 text-sm font-semibold">Friend Requests</h3>
          <ul className="grid">
            {incoming.data?.map(({ user }) => (
              <PersonRow key={user.id} user={user}>
                <Button size="sm" onClick={() => answer(user.id, "accept")} disabled={action.isPending}>
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => answer(user.id, "decline")}
                  disabled={action.isPending}
                >
                  Decline
                </Button>
              </PersonRow>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Friends" className="grid gap-1">
        <div className="flex items-center justify-between px-2">
          <h3 className="text-sm font-semibold">Friends</h3>
          <Button size="sm" variant="outline" onClick={() => setInviteOpen(true)}>
            <UserPlusIcon />
            Add Friends
          </Button>
        </div>
        {friends.isLoading ? (
          <div className="grid gap-2 px-2 py-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (friends.data?.length ?? 0) === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">No friends added yet</p>
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
