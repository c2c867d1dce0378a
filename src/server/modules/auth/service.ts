import { hash, verify } from "@node-rs/argon2";
import { API_TEXTS } from "#contract/api-texts";
import { ACCESS_GRANT_TEXTS, type RegisterBody } from "#contract/auth";
import { messageKey } from "#contract/i18n/texts";
import { ACCESS_GRANT_TTL_MS, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "#contract/limits";
import { HttpError } from "#server/http/http-error";
import { hashSessionToken, newSessionToken } from "#server/http/session";
import { sessionCacheFor } from "#server/http/session-cache";
import { type Bus, publishSessionsRevoked } from "#server/realtime/bus";
import { InviteUnusableError } from "../invites";
import { GrantMissingError } from "./errors";
import type { AccessGrant, AuthRepository } from "./repository";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

/** The access grant a registration spends, of those it carries: a group invite before a verified code. */
export function grantOf(carried: { inviteCode?: string; grantHash: string | null }): AccessGrant | null {
  if (carried.inviteCode) return { kind: "invite", code: carried.inviteCode };
  if (carried.grantHash) return { kind: "code", idHash: carried.grantHash };
  return null;
}

/** Verified against a real hash even when the user is unknown, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;

export function authService({ repo, bus }: { repo: AuthRepository; bus: Bus }) {
  /** Ends sessions already deleted from the table: in this instance's cache now, on every instance and socket through the bus. */
  async function revokeSessions(idHashes: string[]) {
    sessionCacheFor(bus).evict(idHashes);
    await publishSessionsRevoked(bus, idHashes);
  }

  return {
    revokeSessions,

    /** The account a typed username or e-mail names, so both spellings spend one sign-in budget. */
    async accountIdOf(identifier: string) {
      return (await repo.findUserByLogin(identifier))?.id ?? null;
    },

    /** Whether an access grant (its cookie's hash) is unspent and unexpired. */
    hasGrant(idHash: string) {
      return repo.hasGrant(idHash, new Date());
    },

    /**
     * No account without an access grant. The grant is checked before anything else
     * (a visitor without one learns nothing, not even whether a name is taken) and spent in the
     * transaction that stores the account; an invite grant also makes the account a member.
     */
    async register(body: Omit<Required<RegisterBody>, "inviteCode">, grant: AccessGrant | null) {
      const now = new Date();
      if (!grant) throw new HttpError(403, messageKey(ACCESS_GRANT_TEXTS, "missing"));
      if (grant.kind === "code" && !(await repo.hasGrant(grant.idHash, now)))
        throw new HttpError(403, messageKey(ACCESS_GRANT_TEXTS, "missing"));
      if (grant.kind === "invite" && !(await repo.isInviteUsable(grant.code, now))) {
        throw new HttpError(403, messageKey(ACCESS_GRANT_TEXTS, "inviteUnusable"));
      }
      const email = body.email.toLowerCase();
      const taken = await repo.findTakenField(body.username, email);
      if (taken === "username") throw new HttpError(409, messageKey(API_TEXTS, "usernameTaken"));
      if (taken === "email") {
        // Whether an address has an account is not public (usernames are): the answer costs the code's grant.
        // An invite's uses are the group's, so an invite is not spent on it.
        if (grant.kind === "code") await repo.spendGrant(grant.idHash, now);
        throw new HttpError(409, messageKey(ACCESS_GRANT_TEXTS, "emailTaken"));
      }
      const { password, ...profile } = body;
      const passwordHash = await hashPassword(password);
      try {
        return await repo.insertUserWithGrant({ ...profile, email, passwordHash }, grant, new Date());
      } catch (error) {
        // Two registrations racing for one grant or one invite's last use: the transaction decides.
        if (error instanceof GrantMissingError) throw new HttpError(403, messageKey(ACCESS_GRANT_TEXTS, "missing"));
        if (error instanceof InviteUnusableError)
          throw new HttpError(403, messageKey(ACCESS_GRANT_TEXTS, "inviteUnusable"));
        // Two registrations racing for the same name: the unique index decides.
        if (
          (error as { code?: string; cause?: { code?: string } }).cause?.code === "23505" ||
          (error as { code?: string }).code === "23505"
        ) {
          throw new HttpError(409, messageKey(API_TEXTS, "usernameOrEmailTaken"));
        }
        throw error;
      }
    },

    /** A verified access code becomes a grant: the cookie value to hand out (only its hash is stored). */
    async issueGrant() {
      const token = newSessionToken();
      const now = new Date();
      await repo.insertGrant(hashSessionToken(token), new Date(now.getTime() + ACCESS_GRANT_TTL_MS), now);
      return token;
    },

    async verifyLogin(identifier: string, password: string) {
      const user = await repo.findUserByLogin(identifier.trim());
      dummyHash ??= hashPassword("not-a-real-password");
      const ok = await verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
      return user && ok ? user : null;
    },

    async startSession(userId: number) {
      const token = newSessionToken();
      const now = Date.now();
      await repo.deleteExpiredSessions(userId, new Date(now));
      await repo.insertSession(hashSessionToken(token), userId, new Date(now + SESSION_ABSOLUTE_MS));
      return token;
    },

    /** The user id a session cookie stands for, or null when unknown, idle too long or past its end. */
    async resolveSession(token: string) {
      const idHash = hashSessionToken(token);
      const session = await repo.findSession(idHash);
      if (!session) return null;
      const now = Date.now();
      if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
        await repo.deleteSession(idHash);
        return null;
      }
      // Write the idle clock at most once a minute, not on every request.
      if (now - session.lastSeenAt.getTime() > 60_000) await repo.touchSession(idHash);
      return { userId: session.userId, idHash };
    },

    /** Ends every session of the account and closes the sockets they opened, on every instance (a suspension). */
    async endSessionsOf(userId: number) {
      await revokeSessions(await repo.endSessionsOf(userId));
    },

    /** Ends a session and closes the sockets it opened, on every instance. */
    async endSession(idHash: string) {
      await repo.deleteSession(idHash);
      // Dropped here before the answer, on the other instances when the revocation reaches them.
      await revokeSessions([idHash]);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
