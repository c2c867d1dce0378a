/**
 * Every cached read of the groups feature, chat included. A key's prefix is what an invalidation names:
 * `groupKeys.list()` is the group list alone, `groupKeys.group(id)` everything held about one group.
 */
export const groupKeys = {
  all: ["groups"] as const,
  list: () => [...groupKeys.all, "list"] as const,
  group: (groupId: number) => [...groupKeys.all, "group", groupId] as const,
  members: (groupId: number) => [...groupKeys.group(groupId), "members"] as const,
  messages: (groupId: number) => [...groupKeys.group(groupId), "messages"] as const,
  events: (groupId: number) => [...groupKeys.group(groupId), "events"] as const,
  /** One plan as its chat card shows it (options, votes, voters). */
  plan: (groupId: number, eventId: number) => [...groupKeys.group(groupId), "plan", eventId] as const,
  availability: (groupId: number, date: string) => [...groupKeys.group(groupId), "availability", date] as const,
  /** The answer depends on who looks (isMember), so the viewer is part of the key. */
  invite: (code: string, viewerId: number | null) => [...groupKeys.all, "invite", code, viewerId] as const,
};
