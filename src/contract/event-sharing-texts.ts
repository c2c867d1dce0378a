// A shared event's texts, apart from its schemas: the sign-in page (opened from an event's link) shows one
// without loading zod. event-sharing.ts re-exports them.
import { defineTexts } from "./i18n/texts";

export const SHARE_TEXTS = defineTexts("share", {
  share: "Share",
  copyLink: "Copy link",
  copied: "Link copied",
  copyFailed: "Could not copy the link",
  live: "Your event is live — share it",
  liveDetail: "Anyone with the link sees a preview and can ask to join.",
  previewJoin: "Join",
  previewApply: "Apply to join",
  previewSignIn: "Already have an account? Log in",
  going: "{count} going",
  hostedBy: "Hosted by {name}",
  canceled: "This event was canceled",
  notFound: "This event is not available",
  notFoundDetail: "It may have been removed, or it is only for members of a group.",
});
