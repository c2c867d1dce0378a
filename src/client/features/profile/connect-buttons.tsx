import { PROFILE_TEXTS } from "@contract/profile-texts";
import { BellPlusIcon, BellRingIcon, CheckIcon, MessageCircleIcon, UserPlusIcon } from "lucide-react";
import { useLocation } from "wouter";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { native } from "@/lib/native";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useFollow, useFriendAction, useFriendStatus, useOpenDirectMessage } from "./api";

/** Follow: their new events reach the viewer as a notification and rank higher in the deck. */
export function FollowButton({ userId, following }: { userId: number; following: boolean }) {
  const t = useTexts(PROFILE_TEXTS);
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
            toast({
              title: t("error"),
              description: errorMessage(error) ?? t("couldNotFollow"),
              variant: "destructive",
            }),
        })
      }
    >
      {following ? <BellRingIcon aria-hidden /> : <BellPlusIcon aria-hidden />}
      {t(following ? "following" : "follow")}
    </Button>
  );
}

/** Connect shows the friendship from the viewer's side: Connect, Requested, Accept or Friends. */
export function ConnectButton({ userId }: { userId: number }) {
  const t = useTexts(PROFILE_TEXTS);
  const status = useFriendStatus(userId);
  const action = useFriendAction();
  const current = status.data?.status;

  const run = (kind: "request" | "accept") => {
    void native.haptic("light");
    action.mutate(
      { userId, action: kind },
      {
        onSuccess: ({ status: next }) =>
          toast({ title: t(next === "friends" ? "youAreNowFriends" : "friendRequestSent") }),
        onError: (error) =>
          toast({
            title: t("error"),
            description: errorMessage(error) ?? t("couldNotSendRequest"),
            variant: "destructive",
          }),
      },
    );
  };

  if (current === "friends") {
    return (
      <Button variant="secondary" className="flex-1" disabled>
        <CheckIcon />
        {t("friends")}
      </Button>
    );
  }
  if (current === "requested") {
    return (
      <Button variant="secondary" className="flex-1" disabled>
        {t("requested")}
      </Button>
    );
  }
  if (current === "incoming") {
    return (
      <Button className="flex-1" onClick={() => run("accept")} disabled={action.isPending}>
        <CheckIcon />
        {t("accept")}
      </Button>
    );
  }
  return (
    <Button className="flex-1" onClick={() => run("request")} disabled={action.isPending || status.isLoading}>
      <UserPlusIcon />
      {t("connect")}
    </Button>
  );
}

/** Message opens the private two-member conversation with this user in Groups. */
export function MessageButton({ userId }: { userId: number }) {
  const t = useTexts(PROFILE_TEXTS);
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
              title: t("error"),
              description: errorMessage(error) ?? t("couldNotOpenConversation"),
              variant: "destructive",
            }),
        })
      }
    >
      <MessageCircleIcon />
      {t("message")}
    </Button>
  );
}
