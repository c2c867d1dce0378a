import type { CurrentUser, PublicUser } from "#contract/users";
import { languageOf } from "#server/i18n";
import type { UserRow } from "./repository";

/** The only way a user row leaves the server: fields named here, nothing else. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    fullName: row.fullName,
    username: row.username,
    bio: row.bio,
    profession: row.profession,
    profileImage: row.profileImage,
    interests: row.interests,
    skills: row.skills,
    careerPath: row.careerPath,
    timezone: row.timezone,
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    latitude: row.latitude,
    longitude: row.longitude,
    availabilityPreferences: row.availabilityPreferences,
    publicProfile: row.publicProfile,
    language: languageOf(row.language),
    offering: row.offering,
    seeking: row.seeking,
  };
}
