import type { RolesService } from "./service";

export const MODERATOR_USAGE = "usage: npm run moderator -- grant <username> | revoke <username>";

/**
 * `npm run moderator -- grant|revoke <username>`: one line for the operator and an exit code (0 done or
 * nothing to do, 1 no such account, 2 bad usage).
 */
export async function moderatorCommand(
  args: string[],
  roles: Pick<RolesService, "grantModerators" | "revokeModerator">,
  adminUsernames: string[],
): Promise<{ code: number; line: string }> {
  const [action, username, ...rest] = args;
  if ((action !== "grant" && action !== "revoke") || !username || rest.length > 0 || username.length > 64)
    return { code: 2, line: MODERATOR_USAGE };
  const name = username.trim().toLowerCase();
  if (action === "grant") {
    const outcome = (await roles.grantModerators([name])).get(name);
    if (outcome === "no-account") return { code: 1, line: `no account is named ${name}` };
    return { code: 0, line: outcome === "granted" ? `${name} is now a moderator` : `${name} was already a moderator` };
  }
  const outcome = await roles.revokeModerator(name);
  if (outcome === "no-account") return { code: 1, line: `no account is named ${name}` };
  const line = outcome === "revoked" ? `${name} is no longer a moderator` : `${name} was not a moderator`;
  // The list grants again at the next start or admin request, so a revoked name must leave it too.
  return adminUsernames.includes(name)
    ? { code: 0, line: `${line}; remove ${name} from ADMIN_USERNAMES too, or it is granted again` }
    : { code: 0, line };
}
