import type { RolesRepository } from "./repository";

/** How the roles service finds accounts by username (the users module owns that table). */
export interface UsernameLookup {
  /** Lower-cased username -> id, for the names that have an account. */
  idsByUsernames(usernames: string[]): Promise<Map<string, number>>;
}

export type GrantOutcome = "granted" | "already" | "no-account";
export type RevokeOutcome = "revoked" | "not-moderator" | "no-account";

/**
 * Moderators are whoever holds the stored role. `adminUsernames` (ADMIN_USERNAMES, lower-cased) grant it at
 * start only, to the account each name meant when it was first listed (pinned by id): a name registered later,
 * or a deleted moderator's name taken by someone else, grants nothing. The list never takes away (revoking is
 * the command's).
 */
export function rolesService({
  repo,
  users,
  adminUsernames,
}: {
  repo: RolesRepository;
  users: UsernameLookup;
  adminUsernames: string[];
}) {
  async function grantModerators(usernames: string[]): Promise<Map<string, GrantOutcome>> {
    const names = [...new Set(usernames.map((n) => n.trim().toLowerCase()).filter(Boolean))];
    const ids = await users.idsByUsernames(names);
    const granted = new Set(await repo.grant([...ids.values()], "moderator"));
    return new Map(
      names.map((name) => {
        const id = ids.get(name);
        const outcome: GrantOutcome = id === undefined ? "no-account" : granted.has(id) ? "granted" : "already";
        return [name, outcome];
      }),
    );
  }

  return {
    grantModerators,

    /** At start: each listed name's pinned account gets the role; the names pinned to nobody are reported back. */
    async grantConfiguredModerators(): Promise<{ granted: string[]; withoutAccount: string[] }> {
      const names = [...new Set(adminUsernames.map((n) => n.trim().toLowerCase()).filter(Boolean))];
      const ids = await users.idsByUsernames(names);
      const pins = await repo.pinNames(new Map(names.map((name) => [name, ids.get(name) ?? null])));
      const pinned = names.flatMap((name) => {
        const id = pins.get(name);
        return id == null ? [] : [{ name, id }];
      });
      const granted = new Set(
        await repo.grant(
          pinned.map((p) => p.id),
          "moderator",
        ),
      );
      return {
        granted: pinned.filter((p) => granted.has(p.id)).map((p) => p.name),
        withoutAccount: names.filter((name) => pins.get(name) == null),
      };
    },

    async revokeModerator(username: string): Promise<RevokeOutcome> {
      const id = (await users.idsByUsernames([username.trim().toLowerCase()])).get(username.trim().toLowerCase());
      if (id === undefined) return "no-account";
      return (await repo.revoke(id, "moderator")) ? "revoked" : "not-moderator";
    },

    isModerator(userId: number): Promise<boolean> {
      return repo.holds(userId, "moderator");
    },
  };
}
export type RolesService = ReturnType<typeof rolesService>;
