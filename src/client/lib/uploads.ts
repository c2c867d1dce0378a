import type { uploadResultSchema } from "@contract/users";
import { api } from "./api";
import { native } from "./native";

/**
 * Picks a photo on the device and uploads it (POST /api/uploads): the server re-encodes it to WebP
 * without metadata and answers the `/api/uploads/{id}` URL an event, group or profile may show.
 * Resolves null when the user backs out of the picker; a refused upload rejects with the server's message.
 */
export async function pickAndUploadPhoto(): Promise<string | null> {
  let dataUrl: string;
  try {
    dataUrl = await native.pickPhoto();
  } catch {
    return null;
  }
  return (await uploadPhoto(dataUrl)).url;
}

/** Stores a picked photo (POST /api/uploads) and answers the URL a profile, event or group may point at. */
export function uploadPhoto(dataUrl: string) {
  return api.post<typeof uploadResultSchema>("/api/uploads", { dataUrl });
}
