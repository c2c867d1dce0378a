import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback } from "react";
import { useLocation } from "wouter";
import { signOutLocally, useAuth } from "@/features/auth";
import { syncGroups } from "@/features/groups";
import type { RealtimeConnection, SocketFactory } from "@/lib/realtime/connection";
import { RealtimeProvider } from "@/lib/realtime/provider";
import { toast } from "@/ui/use-toast";

/**
 * The signed-in shell's live connection: groups follow it, a frame the server refused (a vote over the
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
      const offErrors = connection.subscribe("error", ({ message }) =>
        toast({ title: "Error", description: message, variant: "destructive" }),
      );
      return () => {
        detachGroups();
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
