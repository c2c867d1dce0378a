import { CREATE_EVENT_TEXTS } from "@contract/event-page-texts";
import type { Event } from "@contract/events";
import { useTexts } from "@/lib/i18n";
import { PhotoField } from "@/ui/photo-field";
import { EventCover } from "./event-cover";

/**
 * The cover in the create and edit dialogs. Until one is uploaded the preview shows the
 * illustration the event will have; an upload replaces it (stored as WebP without EXIF, in three sizes).
 */
export function CoverPicker({
  value,
  onChange,
  event,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  event: Pick<Event, "type" | "title" | "tags">;
}) {
  const t = useTexts(CREATE_EVENT_TEXTS);
  return (
    <PhotoField
      label={t("cover")}
      changeLabel={t("changeCover")}
      uploadLabel={t("uploadCover")}
      value={value}
      onChange={onChange}
      placeholder={<EventCover event={{ ...event, imageUrl: null }} />}
    />
  );
}
