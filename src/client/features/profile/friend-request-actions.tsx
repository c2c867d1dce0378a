import { PROFILE_TEXTS } from "@contract/profile-texts";
import { CheckIcon } from "lucide-react";
import { errorMessage } from "@/lib/api";
import { useTexts } from "@/lib/i18n";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useFriendAction, useFriendStatus } from "./api";

/**
 * Accept and Decline where a friend request is shown (a notification), while it is still waiting; once
 * answered, what it became. `describedBy` is the id of the text naming the sender, read with each button.
 */
export function FriendRequestActions({ userId, describedBy }: { userId: number; describedBy?: string }) {
  const t = useTexts(PROFILE_TEXTS);
  const status = useFriendStatus(userId);
  const action = useFriendAction();
  const current = status.data?.status;
  if (current === "friends") {
    return (
      <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
        <CheckIcon className="size-4" aria-hidden /> {t("friends")}
      </p>
    );
  }
  if (current !== "incoming") return null;
  const run = (kind: "accept" | "decline") =>
    action.mutate(
      { userId, action: kind },
      {
        onSuccess: () => toast({ title: t(kind === "accept" ? "youAreNowFriends" : "requestDeclined") }),
        onError: (error) =>
          toast({
            title: t("error"),
            description: errorMessage(error) ?? t("couldNotAnswerFriendRequest"),
            variant: "destructive",
          }),
      },
    );
  return (
    <div className="mt-2 flex gap-2">
      <Button size="sm" onClick={() => run("accept")} disabled={action.isPending} aria-describedby={describedBy}>
        {t("accept")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => run("decline")}
        disabled={action.isPending}
        aria-describedby={describedBy}
      >
        {t("decline")}
      </Button>
    </div>
  );
}
