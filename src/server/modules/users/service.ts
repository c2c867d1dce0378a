import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import type { UpdateProfileInput } from "#contract/users";
import { HttpError } from "#server/http/http-error";
import type { BlockReads } from "../visibility";
import type { UserPatch, UsersRepository } from "./repository";

/** "" clears a position; otherwise the numeric copy follows the string the client sent. */
const toNumber = (value: string) => (value === "" ? null : Number(value));

export function usersService({
  repo,
  blocks,
  profileChanged,
}: {
  repo: UsersRepository;
  blocks: BlockReads;
  /** Told when the words people are matched on change (the matching module reads them again). */
  profileChanged?: (userId: number) => Promise<void>;
}) {
  return {
    find(id: number) {
      return repo.findById(id);
    },

    /** A profile as `viewerId` may see it: nobody when either of the two blocked the other. */
    async findAsSeenBy(viewerId: number, id: number) {
      if (id !== viewerId && (await blocks.isBlockedEitherWay(viewerId, id))) return undefined;
      return repo.findById(id);
    },

    /** GET /api/users: the named users, or a page of everyone after the cursor, less those blocked either way. */
    list(viewerId: number, ids: number[] | undefined, cursor: number, limit: number) {
      return ids ? repo.findManySeenBy(viewerId, ids) : repo.listSeenByAfter(viewerId, cursor, limit);
    },

    /** The caller has already checked that id is the signed-in user. */
    setTimezone(id: number, timezone: string) {
      return repo.update(id, { timezone });
    },

    /** The caller has already checked that id is the signed-in user. */
    async updateProfile(id: number, input: UpdateProfileInput) {
      const patch: UserPatch = { ...input };
      if (input.profileImage) {
        // Only a photo this user uploaded: a profile cannot point at someone else's upload.
        const uploadId = input.profileImage.split("/").pop() ?? "";
        if (!(await repo.uploadBelongsTo(uploadId, id)))
          throw new HttpError(400, messageKey(API_TEXTS, "profileImageNotUploaded"));
      }
      // The text columns are what the API speaks; the numeric ones serve distance queries and must never drift apart.
      if (input.latitude !== undefined) patch.lat = toNumber(input.latitude);
      if (input.longitude !== undefined) patch.lng = toNumber(input.longitude);
      if (Object.keys(patch).length === 0) return repo.findById(id);
      const updated = await repo.update(id, patch);
      const matchedOn = ["bio", "profession", "interests", "skills", "language"] as const;
      if (profileChanged && matchedOn.some((field) => input[field] !== undefined)) await profileChanged(id);
      return updated;
    },
  };
}
