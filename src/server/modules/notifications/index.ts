// The notifications module's public entry: the stored notices, each person's channel preferences, and the
// hand-off to the delivery module's push and e-mail (notify.ts), keyed by the app's bus.
export {
  type ChatMessageSent,
  chatMessageSent,
  deliveriesSettled,
  type NotificationDelivery,
  onChatMessage,
  onNotification,
  startDelivery,
  trackDelivery,
} from "./notify";
export { forgetNoticesNaming, notificationsRepository, preferencesOf } from "./repository";
export { type NewNotification, type NotificationsService, notificationsService } from "./service";
export { noticeIn, type Reader } from "./words";
