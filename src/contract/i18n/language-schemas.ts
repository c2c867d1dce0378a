import { z } from "zod";
import { LANGUAGE_TAGS } from "./languages";

/** A language tag Link speaks (PATCH /api/users/{id} `language`, register's `language`). */
export const languageSchema = z.enum(LANGUAGE_TAGS, { error: "language: not a language Link speaks" });
/** GET /api/languages. */
export const languagesResponseSchema = z.object({
  languages: z.array(z.object({ tag: languageSchema, name: z.string(), dir: z.enum(["ltr", "rtl"]) })),
});
