import { and, eq, gt, inArray, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client";
import { users } from "#server/modules/users/read-sql";
import { joinWithInvite } from "../groups";
import { isInviteUsable } from "../invites";
import { insertUser, type NewUser } from "../users";
import { GrantMissingError } from "./errors";
import { accessGrants, sessions } from "./schema";

/** Deletes the person's sessions but `keep` (within the caller's transaction); answers the hashes ended. */
export async function endSessionsOf(db: Tx, userId: number, keep: string | null = null) {
  const rows = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.idHash, keep)) : eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}

/** What lets a visitor register: a verified access code's grant, or a usable group invite. */
export type AccessGrant = { kind: "code"; idHash: string } | { kind: "invite"; code: string };

export function authRepository(db: Db) {
  return {
    /** Ends every session of the person; answers the hashes ended (their sockets close). */
    endSessionsOf: (userId: number) => endSessionsOf(db, userId),
    async findUserByLogin(identifier: string) {
      const lowered = identifier.toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${lowered}`, eq(users.email, lowered)))
        .limit(1);
      return row;
    },
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },
    async findUserByGoogleSubject(subject: string) {
      const [row] = await db.select().from(users).where(eq(users.googleSubject, subject)).limit(1);
      return row;
    },
    async findTakenField(username: string, email: string): Promise<"username" | "email" | null> {
      const [row] = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.email, email)))
        .limit(1);
      if (!row) return null;
      return row.username.toLowerCase() === username.toLowerCase() ? "username" : "email";
    },
    /**
     * The account and the spending of its grant in one transaction: a grant is used once, and a
     * registration refused later (taken name, used-up invite) leaves the grant as it was.
     */
    async insertUserWithGrant(user: NewUser, grant: AccessGrant, now: Date) {
      return db.transaction(async (tx) => {
        if (grant.kind === "code" && !(await consumeGrant(tx, grant.idHash, now))) throw new GrantMissingError();
        const row = await insertUser(tx, user);
        const joined = grant.kind === "invite" ? await joinWithInvite(tx, grant.code, row.id, now) : null;
        return { user: row, joinedGroup: joined ? { id: joined.group.id, name: joined.group.name } : null };
      });
    },
    async spendGrant(idHash: string, now: Date) {
      return consumeGrant(db, idHash, now);
    },
    async insertGrant(idHash: string, expiresAt: Date, now: Date) {
      // Lapsed grants go as new ones come: the table stays as small as the last half hour's visitors.
      await db.delete(accessGrants).where(lt(accessGrants.expiresAt, now));
      await db.insert(accessGrants).values({ idHash, expiresAt });
    },
    isInviteUsable(code: string, now: Date) {
      return isInviteUsable(db, code, now);
    },
    async hasGrant(idHash: string, now: Date) {
      const [row] = await db
        .select({ idHash: accessGrants.idHash })
        .from(accessGrants)
        .where(and(eq(accessGrants.idHash, idHash), gt(accessGrants.expiresAt, now)))
        .limit(1);
      return row !== undefined;
    },
    async insertSession(idHash: string, userId: number, expiresAt: Date) {
      await db.insert(sessions).values({ idHash, userId, expiresAt });
    },
    async findSession(idHash: string) {
      const [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
      return row;
    },
    async touchSession(idHash: string) {
      await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
    },
    async deleteSession(idHash: string) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async deleteExpiredSessions(userId: number, now: Date) {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    },
    /** Every session past its end or idle since `idleSince`, of anyone: the sweeper's work; their hashes. */
    async deleteEndedSessions(now: Date, idleSince: Date): Promise<string[]> {
      const ended = await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
        .returning({ idHash: sessions.idHash });
      return ended.map((s) => s.idHash);
    },
    /** Which of these sessions still exist and have not ended: the hub's check on its open sockets. */
    async liveSessionHashes(idHashes: string[], now: Date, idleSince: Date): Promise<string[]> {
      if (idHashes.length === 0) return [];
      const live = await db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(
          and(inArray(sessions.idHash, idHashes), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)),
        );
      return live.map((s) => s.idHash);
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;

/** Deletes the grant if it is still valid; true when this call was the one that spent it. */
async function consumeGrant(tx: Tx | Db, idHash: string, now: Date) {
  const spent = await tx
    .delete(accessGrants)
    .where(and(eq(accessGrants.idHash, idHash), gt(accessGrants.expiresAt, now)))
    .returning({ idHash: accessGrants.idHash });
  return spent.length > 0;
}
