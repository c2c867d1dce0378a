import { inviteCodeParamsSchema } from "@contract/groups";
import { messageKey } from "@contract/i18n/texts";
import { AUTH_TEXTS } from "@contract/shell-texts";
import { z } from "zod";
import { inviteCodeFromLink } from "./redirect";

/**
 * A pasted invite link, read to its code: the code must pass the rule GET /api/group-invite/{code} checks,
 * and anything else asks for the whole link. Parsed, the field holds the code.
 */
export const inviteLinkFormSchema = z.object({
  link: z.string().transform((link, context) => {
    const checked = inviteCodeParamsSchema.shape.code.safeParse(inviteCodeFromLink(link) ?? "");
    if (checked.success) return checked.data;
    context.addIssue({ code: "custom", message: messageKey(AUTH_TEXTS, "pasteWholeLink") });
    return z.NEVER;
  }),
});
