import { z } from "zod";
import {
  BIO_MAX,
  EMAIL_MAX,
  LIST_ITEMS_MAX,
  NAME_MAX,
  SHORT_TEXT_MAX,
} from "./limits";

export const userIdSchema = z.coerce.number().int().positive();

const shortList = z.array(z.string().trim().min(1).max(SHORT_TEXT_MAX)).max(LIST_ITEMS_MAX);

/** What anyone signed in may see of another user: never the e-mail, a hash or coordinates. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  bio: z.string(),
  profession: z.string(),
  profileImage: z.string().nullable(),
  interests: z.array(z.string()),
  skills: z.array(z.string()),
  careerPath: z.string(),
  timezone: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own record: adds the e-mail, own position and preferences. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  availabilityPreferences: z.record(z.string(), z.unknown()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const profileFields = {
  fullName: z.string().trim().min(1, "Full name is required").max(NAME_MAX),
  bio: z.string().max(BIO_MAX),
  profession: z.string().trim().max(SHORT_TEXT_MAX),
  interests: shortList,
  skills: shortList,
  careerPath: z.string().trim().max(SHORT_TEXT_MAX),
};

export const emailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email("Valid email is required"));
