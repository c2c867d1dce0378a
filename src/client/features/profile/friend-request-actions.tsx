import { CheckIcon } from "lucide-react";
import { errorMessage } from "@/lib/api";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useFriendAction, useFriendStatus } from "./api";

/**
 * Accept and Decline where a friend request is shown (a notification), while it is still waiting; once
 * answered, what it became. `describedBy` is the id of the text naming the sender, read with each button.
 */
export function FriendRequestActions({ userId, describedBy }: { userId: number; describedBy?: string }) {
  const status = useFriendStatus(userId);
  const action = useFriendAction();
  const current = status.data?.status;
  if (current === "friends") {
    return (
      <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
        <CheckIcon className="size-4" aria-hidden /> Friends
      </p>
    );
  }
  if (current !== "incoming") return null;
  const run = (kind: "accept" | "decline") =>
    action.mutate(
      { userId, action: kind },
      {
        onSuccess: () => toast({ title: kind === "accept" ? "You are now friends" : "Request declined" }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error) ?? "Could not answer the friend request",
            variant: "destructive",
          }),
      },
    );
  return (
    <div className="mt-2 flex gap-2">
      <Button size="sm" onClick={() => run("accept")} disabled={action.isPending} aria-describedby={describedBy}>
        Accept
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => run("decline")}
        disabled={action.isPending}
        aria-describedby={describedBy}
      >
        Decline
      </Button>
    </div>
  );
}
