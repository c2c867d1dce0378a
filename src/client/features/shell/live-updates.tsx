import { SHELL_TEXTS } from "@contract/shell-texts";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { useLocation } from "wouter";
import { signOutLocally, useAuth } from "@/features/auth";
import { syncEvents } from "@/features/events";
import { syncGroups } from "@/features/groups";
import { syncFriends } from "@/features/profile";
import { text } from "@/lib/i18n";
import type { RealtimeConnection, SocketFactory } from "@/lib/realtime/connection";
import { RealtimeProvider } from "@/lib/realtime/provider";
import { toast } from "@/ui/use-toast";

/**
 * The signed-in shell's live connection: groups follow it, events and friendships re-read on the notifications
 * that change them, a frame the server refused (a vote over the
 * budget, a group the person left) is shown as a toast, and an ended session signs this tab out.
 */
export function LiveUpdates({ children, createSocket }: { children: ReactNode; createSocket?: SocketFactory }) {
  const qc = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  const [, navigate] = useLocation();

  const attach = useCallback(
    (connection: RealtimeConnection) => {
      if (!userId) return () => {};
      const detachGroups = syncGroups(connection, qc, userId);
      const detachEvents = syncEvents(connection, qc);
      const detachFriends = syncFriends(connection, qc);
      const offErrors = connection.subscribe("error", ({ message }) =>
        toast({ title: text(SHELL_TEXTS, "error"), description: message, variant: "destructive" }),
      );
      return () => {
        detachGroups();
        detachEvents();
        detachFriends();
        offErrors();
      };
    },
    [qc, userId],
  );
  const onSessionEnded = useCallback(() => {
    signOutLocally(qc);
    navigate("/auth");
  }, [qc, navigate]);

  return (
    <RealtimeProvider userId={userId} attach={attach} onSessionEnded={onSessionEnded} createSocket={createSocket}>
      {children}
    </RealtimeProvider>
  );
}
