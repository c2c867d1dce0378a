export const settingsKeys = {
  notificationPreferences: ["settings", "notification-preferences"] as const,
  calendarSubscription: ["settings", "calendar-subscription"] as const,
};
