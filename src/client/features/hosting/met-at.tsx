import { HOSTING_GUEST_TEXTS } from "@contract/hosting-texts";
import { HandshakeIcon } from "lucide-react";
import { Link } from "wouter";
import { useTexts } from "@/lib/i18n";
import { useMetAt } from "./api";

/** "Met at <event>" on a person's profile: the events you were both checked in at. */
export function MetAt({ userId }: { userId: number }) {
  const t = useTexts(HOSTING_GUEST_TEXTS);
  const met = useMetAt(userId);
  const [latest] = met.data ?? [];
  if (!latest) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="met-at">
      <HandshakeIcon className="size-4" aria-hidden />
      {t("metAt")}{" "}
      <Link href={`/events/${latest.eventId}`} className="font-medium text-foreground hover:underline" dir="auto">
        {latest.title}
      </Link>
    </p>
  );
}
