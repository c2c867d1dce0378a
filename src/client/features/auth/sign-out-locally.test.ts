import type { NotificationPage } from "@contract/notifications";
import { THEME_STORAGE_KEY } from "@contract/theme";
import { afterEach, describe, expect, it } from "vitest";
import { storeNotifications } from "@/features/notifications/notifications-cache";
import { createQueryClient } from "@/lib/query-client";
import { signOutLocally } from "./sign-out-locally";

const page: NotificationPage = {
  notifications: [
    {
      id: 1,
      type: "event_update",
      title: "Your event changed",
      message: "Private detail",
      actionUrl: "/events/1",
      read: false,
      timestamp: new Date().toISOString(),
    },
  ],
  nextCursor: null,
  unreadCount: 1,
};

describe("signing out on this device", () => {
  afterEach(() => window.localStorage.clear());

  it("drops the account's stored notifications, so the next person on the device cannot read them", () => {
    storeNotifications(7, page);
    storeNotifications(8, page);
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    const stored = () => Object.keys(window.localStorage).filter((key) => key.startsWith("link-notifications:"));
    expect(stored()).toHaveLength(2);

    signOutLocally(createQueryClient());

    expect(stored()).toEqual([]);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  });
});
