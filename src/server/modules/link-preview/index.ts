/** Link cards: the Open Graph tags an event's link and a group invite's carry when pasted into a chat app. */
export { eventTimeText, linkPreviewService } from "./service";
