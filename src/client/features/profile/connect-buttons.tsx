import { FOLLOW_TEXTS } from "@contract/follows";
import { BellPlusIcon, BellRingIcon, CheckIcon, MessageCircleIcon, UserPlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { native } from "@/lib/native";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useFollow, useFriendAction, useFriendStatus, useOpenDirectMessage } from "./api";

/** Follow: their new events reach the viewer as a notification and rank higher in the deck. */
export function FollowButton({ userId, following }: { userId: number; following: boolean }) {
  const follow = useFollow(userId);
  return (
    <Button
      variant={following ? "secondary" : "outline"}
      size="sm"
      className="h-11 min-w-28"
      aria-pressed={following}
      disabled={follow.isPending}
      onClick={() =>
        follow.mutate(!following, {
          onError: (error) =>
            toast({ title: "Error", description: errorMessage(error) ?? "Could not follow", variant: "destructive" }),
        })
      }
    >
      {following ? <BellRingIcon aria-hidden /> : <BellPlusIcon aria-hidden />}
      {following ? FOLLOW_TEXTS.unfollow : FOLLOW_TEXTS.follow}
    </Button>
  );
}

/** Connect shows the friendship from the viewer's side: Connect, Requested, Accept or Friends. */
export function ConnectButton({ userId }: { userId: number }) {
  const status = useFriendStatus(userId);
  const action = useFriendAction();
  const current = status.data?.status;

  const run = (kind: "request" | "accept") => {
    void native.haptic("light");
    action.mutate(
      { userId, action: kind },
      {
        onSuccess: ({ status: next }) =>
          toast(next === "friends" ? { title: "You are now friends" } : { title: "Friend request sent" }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error) ?? "Could not send the friend request",
            variant: "destructive",
          }),
      },
    );
  };

  if (current === "friends") {
    return (
      <Button variant="secondary" className="flex-1" disabled>
        <CheckIcon />
        Friends
      </Button>
    );
  }
  if (current === "requested") {
    return (
      <Button variant="secondary" className="flex-1" disabled>
        Requested
      </Button>
    );
  }
  if (current === "incoming") {
    return (
      <Button className="flex-1" onClick={() => run("accept")} disabled={action.isPending}>
        <CheckIcon />
        Accept
      </Button>
    );
  }
  return (
    <Button className="flex-1" onClick={() => run("request")} disabled={action.isPending || status.isLoading}>
      <UserPlusIcon />
      Connect
    </Button>
  );
}

/** Message opens the private two-member conversation with this user in Groups. */
export function MessageButton({ userId }: { userId: number }) {
  const open = useOpenDirectMessage();
  const [, navigate] = useLocation();
  return (
    <Button
      variant="outline"
      className="flex-1"
      disabled={open.isPending}
      onClick={() =>
        open.mutate(userId, {
          onSuccess: (group) => navigate(`/groups?group=${group.id}`),
          onError: (error) =>
            toast({
              title: "Error",
              description: errorMessage(error) ?? "Could not open the conversation",
              variant: "destructive",
            }),
        })
      }
    >
      <MessageCircleIcon />
      Message
    </Button>
  );
}
