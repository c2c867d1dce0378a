import type { Event } from "@contract/events";
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
  return (
    <PhotoField
      label="Cover"
      value={value}
      onChange={onChange}
      placeholder={<EventCover event={{ ...event, imageUrl: null }} />}
    />
  );
}
