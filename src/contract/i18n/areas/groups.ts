// The sets of texts of one area of the app, by namespace (the catalogs es/groups.ts and ar/groups.ts translate them).
import { CHAT_TEXTS } from "../../chat";
import { CONVERSATION_TEXTS } from "../../event-conversation";
import { FOLLOW_TEXTS } from "../../follows";
import { GROUP_AVAILABILITY_TEXTS, GROUP_EVENT_TEXTS, GROUP_TEXTS, INVITE_TEXTS } from "../../groups";
import { CHAT_PANEL_TEXTS, GROUPS_PAGE_TEXTS, NEW_GROUP_TEXTS, PLAN_TEXTS } from "../../groups-texts";
import { HOST_TEXTS } from "../../hosts";
import { NOTIFICATIONS_PAGE_TEXTS } from "../../notifications-texts";
import { POLL_TEXTS } from "../../polls";
import { SOCKET_TEXTS } from "../../socket-codes";

export const GROUPS_NAMESPACES = {
  group: GROUP_TEXTS,
  invite: INVITE_TEXTS,
  groupEvent: GROUP_EVENT_TEXTS,
  groupAvailability: GROUP_AVAILABILITY_TEXTS,
  groupsPage: GROUPS_PAGE_TEXTS,
  newGroup: NEW_GROUP_TEXTS,
  chat: CHAT_TEXTS,
  chatPanel: CHAT_PANEL_TEXTS,
  conversation: CONVERSATION_TEXTS,
  poll: POLL_TEXTS,
  plan: PLAN_TEXTS,
  socket: SOCKET_TEXTS,
  host: HOST_TEXTS,
  follow: FOLLOW_TEXTS,
  notificationsPage: NOTIFICATIONS_PAGE_TEXTS,
};
