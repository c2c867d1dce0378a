import { z } from "zod";
import { lineSchema } from "./fields";
import { defineTexts, messageKey } from "./i18n/texts";
import { NAME_MAX } from "./limits";
import { emailSchema, publicUserSchema, userIdSchema } from "./users";

/** The Connect button's states, seen from the viewer: none -> requested -> friends, or incoming to accept. */
const friendStatusSchema = z.enum(["none", "requested", "incoming", "friends"]);
export type FriendStatus = z.infer<typeof friendStatusSchema>;
export const friendStatusResultSchema = z.object({ status: friendStatusSchema });

export const friendRequestBodySchema = z.object({ userId: userIdSchema });

export const incomingFriendRequestSchema = z.object({
  user: publicUserSchema,
  createdAt: z.string(),
});

/** What the friend invitation answers when it is refused. */
export const FRIEND_RULES_TEXTS = defineTexts("friendRules", {
  emailRequired: "Email is required",
  tooManyInvites: "Too many invitations. Please try again later.",
});

/** A friend invitation: an e-mail is required, the name is optional. */
export const inviteFriendSchema = z.object({
  email: z
    .string({ error: messageKey(FRIEND_RULES_TEXTS, "emailRequired") })
    .trim()
    .min(1, messageKey(FRIEND_RULES_TEXTS, "emailRequired"))
    .pipe(emailSchema),
  name: lineSchema().trim().max(NAME_MAX).default(""),
});
export type InviteFriendInput = z.input<typeof inviteFriendSchema>;
