import { WifiOff } from "lucide-react";
import { useAuth } from "@/features/auth/use-auth";
import { useQueuedActions } from "@/lib/offline-queue";
import { useOnline } from "./use-online";

/** Issue 14.1: while offline the app shows what it saved last; this says so, and how much waits to be sent. */
export function OfflineBanner() {
  const online = useOnline();
  const { user } = useAuth();
  const waiting = useQueuedActions(user?.id).length;
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-40 flex items-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      <p className="min-w-0">
        <span className="font-semibold">You're offline.</span>{" "}
        {waiting > 0
          ? `${waiting} ${waiting === 1 ? "change waits" : "changes wait"} to be sent when you're back online.`
          : "Showing what was saved on this device."}
      </p>
    </div>
  );
}
