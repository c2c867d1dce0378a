import { HttpError } from "../../http/http-error";
import { hash, verify } from "@node-rs/argon2";
import type { RegisterBody } from "../../../contract/auth";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../../contract/limits";
import { hashSessionToken, newSessionToken } from "../../http/session";
import type { AuthRepository } from "./repository";

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

/** Verified against a real hash even when the user is unknown, so timing does not reveal usernames. */
let dummyHash: Promise<string> | undefined;

export function authService(repo: AuthRepository) {
  return {
    async register(body: Required<RegisterBody>) {
      const email = body.email.toLowerCase();
      const taken = await repo.findTakenField(body.username, email);
      if (taken) throw new HttpError(409, taken === "username" ? "Username already exists" : "Email already registered");
      const { password, ...profile } = body;
      try {
        return await repo.insertUser({ ...profile, email, passwordHash: await hashPassword(password) });
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if ((error as { code?: string; cause?: { code?: string } }).cause?.code === "23505" || (error as { code?: string }).code === "23505") {
          throw new HttpError(409, "Username or email already exists");
        }
        throw error;
      }
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

    endSession(idHash: string) {
      return repo.deleteSession(idHash);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
