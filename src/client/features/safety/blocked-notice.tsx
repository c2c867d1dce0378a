import type { ReactNode } from "react";
import { Button } from "@/ui/button";
import { toast } from "@/ui/use-toast";
import { useBlocks, useSetBlocked } from "./api";

/**
 * A profile that answers as if gone: to the person who blocked it, say so and offer Unblock (the profile
 * was the only place to lift a block); to anyone else, the page's own not-found screen.
 */
export function BlockedNotice({ userId, otherwise }: { userId: number; otherwise: ReactNode }) {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  const blocked = blocks.data?.find((b) => b.id === userId);
  if (!blocked) return otherwise;
  return (
    <section className="flex flex-col items-center gap-3 px-6 py-20 text-center">
      <h1 className="text-2xl font-bold wrap-anywhere" dir="auto">
        You blocked {blocked.fullName}
      </h1>
      <p className="max-w-xs text-sm text-muted-foreground">
        You don't see each other's profiles, events or messages. They are not told.
      </p>
      <Button
        disabled={setBlocked.isPending}
        onClick={() =>
          setBlocked.mutate(
            { userId, blocked: false },
            {
              onSuccess: () => toast({ title: `${blocked.fullName} is unblocked` }),
              onError: () =>
                toast({ title: "Something went wrong", description: "Please try again.", variant: "destructive" }),
            },
          )
        }
      >
        Unblock
      </Button>
    </section>
  );
}
