// drizzle-kit reads every table from here; each table is defined by the module that owns it
// (docs/architecture.md lists table -> owner). Server code imports a table from its owner, never from here.

export * from "#server/modules/account/schema";
export * from "#server/modules/auth/schema";
export * from "#server/modules/availability/schema";
export * from "#server/modules/calendar/schema";
export * from "#server/modules/chat/schema";
export * from "#server/modules/delivery/schema";
export * from "#server/modules/discover/schema";
export * from "#server/modules/early-access/schema";
export * from "#server/modules/event-conversation/schema";
export * from "#server/modules/events/schema";
export * from "#server/modules/follows/schema";
export * from "#server/modules/friends/schema";
export * from "#server/modules/groups/plan-votes-schema";
export * from "#server/modules/groups/schema";
export * from "#server/modules/hosting/schema";
export * from "#server/modules/invites/schema";
export * from "#server/modules/matching/schema";
export * from "#server/modules/notifications/schema";
export * from "#server/modules/outbox/schema";
export * from "#server/modules/participants/schema";
export * from "#server/modules/polls/schema";
export * from "#server/modules/reminders/schema";
export * from "#server/modules/roles/schema";
export * from "#server/modules/safety/schema";
export * from "#server/modules/uploads/schema";
export * from "#server/modules/users/schema";
