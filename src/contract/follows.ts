import { z } from "zod";
import { defineTexts } from "./i18n/texts";
import { noticeWords } from "./notifications";

/** POST and DELETE /api/users/{id}/follow: the viewer's state afterwards and the person's follower count. */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;

export const FOLLOW_TEXTS = defineTexts("follow", {
  follow: "Follow",
  unfollow: "Following",
  followSelf: "You can't follow yourself",
  notFound: "User not found",
  followers: "{count, plural, one {# follower} other {# followers}}",
  /** The notice to followers of a host who publishes an event. */
  newEvent: "New event",
  hosting: "{host} is hosting {title}",
});

/** The notice to followers when someone they follow publishes an event. */
export const followedHostingNotice = (host: string, event: { id: number; title: string }) => ({
  type: "event_notification" as const,
  ...noticeWords(FOLLOW_TEXTS, "newEvent", "hosting", { host, title: event.title }),
  actionUrl: `/events/${event.id}`,
  eventId: event.id,
});
