import type { z } from "zod";
import { CATEGORIES } from "./discover-categories";
import { idEnum } from "./id-enum";

export { CATEGORIES, type CategoryId, matchesCategory } from "./discover-categories";

export const categoryIdSchema = idEnum(CATEGORIES);

/**
 * Whom a social event is for: only "all". Link keeps no circles of close friends, family or coworkers, so
 * offering them would be a choice that restricts nothing; the field stays for clients that send "all".
 */
const FRIEND_GROUPS = [{ id: "all", label: "All Friends" }] as const;
export const friendGroupIdSchema = idEnum(FRIEND_GROUPS);
export type FriendGroupId = z.infer<typeof friendGroupIdSchema>;

/** A networking event's industry, chosen in the Create New Event dialog. */
export const INDUSTRIES = [
  { id: "tech", label: "tech" },
  { id: "design", label: "design" },
  { id: "marketing", label: "marketing" },
  { id: "finance", label: "finance" },
  { id: "education", label: "education" },
] as const;
export const industrySchema = idEnum(INDUSTRIES);
export type Industry = z.infer<typeof industrySchema>;
