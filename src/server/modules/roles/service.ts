import type { RolesRepository } from "./repository";

/** How the roles service finds accounts by username (the users module owns that table). */
export interface UsernameLookup {
  /** Lower-cased username -> id, for the names that have an account. */
  idsByUsernames(usernames: string[]): Promise<Map<string, number>>;
  findById(id: number): Promise<{ username: string } | undefined>;
}

export type GrantOutcome = "granted" | "already" | "no-account";
export type RevokeOutcome = "revoked" | "not-moderator" | "no-account";

/**
 * Moderators are whoever holds the stored role. `adminUsernames` (ADMIN_USERNAMES, lower-cased) are granted it
 * at start and, for a listed name that registers later, on its first admin request: the list grants, it never
 * takes away (revoking is the command's).
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

    /** At start: the configured names that have an account get the role; the others are reported back. */
    async grantConfiguredModerators(): Promise<{ granted: string[]; withoutAccount: string[] }> {
      const outcomes = await grantModerators(adminUsernames);
      const names = (wanted: GrantOutcome) => [...outcomes].filter(([, o]) => o === wanted).map(([n]) => n);
      return { granted: names("granted"), withoutAccount: names("no-account") };
    },

    async revokeModerator(username: string): Promise<RevokeOutcome> {
      const id = (await users.idsByUsernames([username.trim().toLowerCase()])).get(username.trim().toLowerCase());
      if (id === undefined) return "no-account";
      return (await repo.revoke(id, "moderator")) ? "revoked" : "not-moderator";
    },

    async isModerator(userId: number): Promise<boolean> {
      if (await repo.holds(userId, "moderator")) return true;
      if (adminUsernames.length === 0) return false;
      const user = await users.findById(userId);
      if (!user || !adminUsernames.includes(user.username.toLowerCase())) return false;
      await repo.grant([userId], "moderator");
      return true;
    },
  };
}
export type RolesService = ReturnType<typeof rolesService>;
