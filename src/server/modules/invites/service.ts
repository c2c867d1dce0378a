import { INVITE_TEXTS, type InviteView } from "#contract/groups";
import { messageKey } from "#contract/i18n/texts";
import { HttpError } from "#server/http/http-error";
import type { BlockReads } from "../visibility";
import { InviteUnusableError } from "./errors";
import type { InvitesRepository } from "./repository";

export function invitesService({
  repo,
  groups,
  users,
  blocks,
  now = () => new Date(),
}: {
  repo: InvitesRepository;
  /** The groups module: whether the viewer is already in the invite's group, and joining it through a code. */
  groups: {
    isMember(groupId: number, userId: number): Promise<boolean>;
    joinWithInvite(
      code: string,
      userId: number,
      now: Date,
    ): Promise<{ group: { id: number; name: string }; alreadyMember: boolean }>;
  };
  /** The users module: the invite's maker, named on the page. */
  users: { findById(id: number): Promise<{ fullName: string; profileImage: string | null } | undefined> };
  /** The invite's maker is as if gone to a viewer on either side of a block with them. */
  blocks: Pick<BlockReads, "isBlockedEitherWay">;
  now?: () => Date;
}) {
  return {
    /** Public: anyone holding the link may see what it leads to, never who is in the group. */
    async view(code: string, viewerId: number | null = null): Promise<InviteView> {
      const row = await repo.findByCode(code);
      if (!row) throw new HttpError(404, messageKey(INVITE_TEXTS, "notFound"));
      // A signed-in viewer learns only about themselves; the group id goes to members alone.
      const viewer =
        viewerId == null
          ? {}
          : (await groups.isMember(row.group.id, viewerId))
            ? { isMember: true, groupId: row.group.id }
            : { isMember: false };
      const makerId = row.invite.createdBy;
      const hidden =
        makerId == null ||
        (viewerId != null && viewerId !== makerId && (await blocks.isBlockedEitherWay(viewerId, makerId)));
      const maker = hidden ? undefined : await users.findById(makerId);
      return {
        ...viewer,
        group: {
          name: row.group.name,
          description: row.group.description,
          imageUrl: row.group.imageUrl,
          memberCount: row.memberCount,
        },
        invite: {
          expiresAt: row.invite.expiresAt.toISOString(),
          maxUses: row.invite.maxUses,
          currentUses: row.invite.currentUses,
        },
        invitedBy: maker ? { fullName: maker.fullName, profileImage: maker.profileImage } : null,
      };
    },

    async join(code: string, userId: number) {
      try {
        const { group, alreadyMember } = await groups.joinWithInvite(code, userId, now());
        return { group: { id: group.id, name: group.name }, alreadyMember };
      } catch (error) {
        if (!(error instanceof InviteUnusableError)) throw error;
        if (error.reason === "not_found") throw new HttpError(404, messageKey(INVITE_TEXTS, "notFound"));
        throw new HttpError(410, messageKey(INVITE_TEXTS, error.reason === "expired" ? "expired" : "usedUp"));
      }
    },
  };
}
