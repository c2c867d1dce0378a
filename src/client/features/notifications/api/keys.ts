/** The newest page of the signed-in person's notifications; older pages are appended to it. */
export const notificationKeys = {
  list: ["notifications", "list"] as const,
};
