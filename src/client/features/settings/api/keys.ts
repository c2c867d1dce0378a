export const settingsKeys = {
  notificationPreferences: ["settings", "notification-preferences"] as const,
};
