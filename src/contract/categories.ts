import type { z } from "zod";
import { CATEGORIES } from "./discover-categories";
import { idEnum } from "./id-enum";

export { CATEGORIES, type CategoryId, matchesCategory } from "./discover-categories";

export const categoryIdSchema = idEnum(CATEGORIES);

/** The Create New Event dialog's options: whom a social event is for, a networking event's industry. */
export const FRIEND_GROUPS = [
  { id: "all", label: "All Friends" },
  { id: "close", label: "Close Friends" },
  { id: "family", label: "Family" },
  { id: "coworkers", label: "Coworkers" },
] as const;
export const friendGroupIdSchema = idEnum(FRIEND_GROUPS);
export type FriendGroupId = z.infer<typeof friendGroupIdSchema>;

export const INDUSTRIES = [
  { id: "tech", label: "Tech" },
  { id: "design", label: "Design" },
  { id: "marketing", label: "Marketing" },
  { id: "finance", label: "Finance" },
  { id: "education", label: "Education" },
] as const;
export const industrySchema = idEnum(INDUSTRIES);
export type Industry = z.infer<typeof industrySchema>;
