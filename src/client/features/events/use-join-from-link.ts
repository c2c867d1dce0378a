import { EVENT_PAGE_TEXTS } from "@contract/event-page-texts";
import type { EventDetail } from "@contract/events";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useAuth } from "@/features/auth";
import { asksBeforeJoining } from "@/features/hosting";
import { text } from "@/lib/i18n";
import { useRespondNow } from "./use-respond-now";

type JoinStatus = "going" | "pending" | "waitlisted";

/** The answer "Join" on an event's public preview stands for: apply, join the waitlist, or go. */
function joinAnswer(event: Pick<EventDetail, "type" | "maxAttendees" | "attendeeCount">): {
  status: JoinStatus;
  done: string;
} {
  if (event.type === "networking") return { status: "pending", done: text(EVENT_PAGE_TEXTS, "applicationSubmitted") };
  if (event.maxAttendees != null && event.attendeeCount >= event.maxAttendees)
    return { status: "waitlisted", done: text(EVENT_PAGE_TEXTS, "onWaitlist") };
  return { status: "going", done: text(EVENT_PAGE_TEXTS, "youreGoing") };
}

/**
 * Someone who pressed Join on the event's public preview comes back here signed in (`?join=1`):
 * the answer is sent once, then the address loses the flag so a reload does not answer again.
 * When the hosts ask questions (or allow plus-ones) the answer waits for them: the hook returns what
 * to ask, for the page's respond dialog, and `stopAsking` to close it.
 */
export function useJoinFromLink(event: EventDetail | undefined) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { user } = useAuth();
  const { respondNow } = useRespondNow();
  const sent = useRef(false);
  const [asking, setAsking] = useState<{ status: JoinStatus; done: string } | null>(null);
  const wantsToJoin = new URLSearchParams(search).get("join") === "1";

  useEffect(() => {
    if (!wantsToJoin || !event || !user || sent.current) return;
    sent.current = true;
    navigate(location, { replace: true });
    const past = new Date(event.date).getTime() < Date.now();
    if (event.isHost || event.canceledAt || past || (event.viewerStatus && event.viewerStatus !== "declined")) return;
    const { status, done } = joinAnswer(event);
    if (asksBeforeJoining(event)) {
      setAsking({ status, done });
      return;
    }
    respondNow(event, user.id, status, done);
  }, [wantsToJoin, event, user, navigate, location, respondNow]);

  return { asking, stopAsking: () => setAsking(null) };
}
