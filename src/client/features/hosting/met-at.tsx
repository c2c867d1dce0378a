import { HandshakeIcon } from "lucide-react";
import { Link } from "wouter";
import { useMetAt } from "./api";

/** "Met at <event>" on a person's profile: the events you were both checked in at. */
export function MetAt({ userId }: { userId: number }) {
  const met = useMetAt(userId);
  const [latest] = met.data ?? [];
  if (!latest) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="met-at">
      <HandshakeIcon className="size-4" aria-hidden />
      Met at{" "}
      <Link href={`/events/${latest.eventId}`} className="font-medium text-foreground hover:underline">
        {latest.title}
      </Link>
    </p>
  );
}
