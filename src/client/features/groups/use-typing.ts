import { TYPING_SHOWN_MS } from "@contract/limits";
import { useEffect, useState } from "react";
import { useRealtime } from "@/lib/realtime/provider";

/** The names of the others typing in a group now, from the socket's "typing" frames (never stored). */
export function useTyping(groupId: number, myId: number | undefined): string[] {
  const { subscribe } = useRealtime();
  const [typers, setTypers] = useState<Map<number, { name: string; until: number }>>(new Map());

  useEffect(() => {
    setTypers(new Map());
    const offTyping = subscribe("typing", (frame) => {
      if (frame.groupId !== groupId || frame.userId === myId) return;
      setTypers((now) => new Map(now).set(frame.userId, { name: frame.userName, until: Date.now() + TYPING_SHOWN_MS }));
    });
    // A message from someone ends their typing.
    const offMessage = subscribe("new_message", ({ message }) => {
      if (message.groupId !== groupId) return;
      setTypers((now) => {
        if (!now.has(message.userId)) return now;
        const next = new Map(now);
        next.delete(message.userId);
        return next;
      });
    });
    return () => {
      offTyping();
      offMessage();
    };
  }, [subscribe, groupId, myId]);

  useEffect(() => {
    if (typers.size === 0) return;
    const soonest = Math.min(...[...typers.values()].map((t) => t.until));
    const timer = setTimeout(
      () => setTypers((now) => new Map([...now].filter(([, t]) => t.until > Date.now()))),
      Math.max(0, soonest - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [typers]);

  return [...typers.values()].map((t) => t.name);
}
