import { z } from "zod";
import { coordinateTextSchema, idParamSchema, lineSchema, textSchema } from "./fields";
import { languageSchema } from "./i18n/language-schemas";
import { defineTexts } from "./i18n/texts";
import { BIO_MAX, EMAIL_MAX, LIST_ITEMS_MAX, NAME_MAX, SHORT_TEXT_MAX } from "./limits";
import { profilePhrasesFields } from "./matching";
import { UPLOAD_URL_PATTERN } from "./media-urls";

export { UPLOAD_URL_PATTERN };

export const userIdSchema = idParamSchema;

/** What the profile schemas answer when a field breaks their rules. */
export const USER_RULES_TEXTS = defineTexts("userRules", {
  fullNameRequired: "Full name is required",
  validEmail: "Valid email is required",
  uploadedPhoto: "Profile image must be an uploaded photo",
  photoRequired: "A photo is required",
});
const RULES = USER_RULES_TEXTS;

const shortList = z.array(lineSchema().trim().min(1).max(SHORT_TEXT_MAX)).max(LIST_ITEMS_MAX);

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
  /** Whether /u/{username}, its calendar and its embed show this person to anyone (Settings › Privacy). */
  publicProfile: z.boolean(),
  /** The language Link speaks to this person (a tag of GET /api/languages). */
  language: languageSchema,
  /** What the person offers and seeks at networking events: each event's People to meet starts from these. */
  offering: z.array(z.string()),
  seeking: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const profileFields = {
  fullName: lineSchema({ error: RULES.fullNameRequired }).trim().min(1, RULES.fullNameRequired).max(NAME_MAX),
  bio: textSchema().max(BIO_MAX),
  profession: lineSchema().trim().max(SHORT_TEXT_MAX),
  interests: shortList,
  skills: shortList,
  careerPath: lineSchema().trim().max(SHORT_TEXT_MAX),
};

export const emailSchema = z.string().trim().max(EMAIL_MAX).pipe(z.email(RULES.validEmail));

/**
 * PATCH /api/users/{id}: the profile fields of Edit Profile, the device's position and the public page
 * switch. Every field is optional.
 */
export const updateProfileSchema = z
  .object({
    ...profileFields,
    ...profilePhrasesFields,
    publicProfile: z.boolean(),
    language: languageSchema,
    profileImage: z.string().regex(UPLOAD_URL_PATTERN, RULES.uploadedPhoto).nullable(),
    latitude: coordinateTextSchema(90),
    longitude: coordinateTextSchema(180),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * GET /api/users/{id}: public fields, plus the e-mail only when the viewer is that user; whether the viewer
 * follows them and how many people do.
 */
export const userProfileSchema = publicUserSchema.extend({
  email: z.string().optional(),
  following: z.boolean(),
  followers: z.number().int(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** POST /api/uploads: a photo picked from the device or camera roll, as a data URL. */
export const uploadBodySchema = z.object({ dataUrl: z.string().min(1, RULES.photoRequired) });
export const uploadResultSchema = z.object({ id: z.string(), url: z.string() });
export const UPLOAD_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
