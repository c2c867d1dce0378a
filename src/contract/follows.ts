import { z } from "zod";

/** POST and DELETE /api/users/{id}/follow: the viewer's state afterwards and the person's follower count. */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export type FollowState = z.infer<typeof followStateSchema>;

export const FOLLOW_TEXTS = {
  follow: "Follow",
  unfollow: "Following",
  followSelf: "You can't follow yourself",
  notFound: "User not found",
  followers: (n: number) => (n === 1 ? "1 follower" : `${n} followers`),
} as const;

/** The notice to followers when someone they follow publishes an event. */
export const followedHostingNotice = (host: string, event: { id: number; title: string }) => ({
  type: "event_notification" as const,
  title: "New event",
  message: `${host} is hosting ${event.title}`,
  actionUrl: `/events/${event.id}`,
  eventId: event.id,
});
