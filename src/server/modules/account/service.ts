import { verify } from "@node-rs/argon2";
import { ACCOUNT_TEXTS, EMAIL_VERIFICATION_TTL_MS, PASSWORD_RESET_TTL_MS } from "#contract/account";
import { API_TEXTS } from "#contract/api-texts";
import { EVENT_NOTICES } from "#contract/event-notices";
import { messageKey } from "#contract/i18n/texts";
import { PRODUCT_NAME } from "#contract/product";
import { HttpError } from "#server/http/http-error";
import { hashSessionToken, newSessionToken } from "#server/http/session";
import { languageOf } from "#server/i18n";
import type { MailMessage } from "#server/mail";
import { hashPassword } from "../auth";
import type { NotificationsService } from "../notifications";
import { reportEmailKey, type StoredKeys } from "../safety";
import type { UserRow } from "../users";
import { emailVerificationEmail, passwordResetEmail, tokenLink } from "./emails";
import type { AccountRepository } from "./repository";

/** A fresh link token: the random value goes into the e-mail, only its SHA-256 into the database. */
function newLinkToken() {
  const token = newSessionToken();
  return { token, idHash: hashSessionToken(token) };
}

/** Account control: password, reset and verification links, the export and the deletion. */
export function accountService(deps: {
  repo: AccountRepository;
  /** The users module's: the account, its new password, and its address once a link proves it. */
  users: {
    findById(id: number): Promise<UserRow | undefined>;
    update(id: number, patch: { passwordHash: string }): Promise<unknown>;
    /** False when the account's address changed since the link was sent. */
    markEmailVerified(userId: number, email: string, now: Date): Promise<boolean>;
  };
  notifications: NotificationsService;
  /** The groups the person is in (the groups module's), read before the account goes. */
  groupIdsOf: (userId: number) => Promise<number[]>;
  /** Open sockets are checked again at once wherever access may have ended (the visibility module's). */
  accessEnded: (scope: { groups?: number[] }) => Promise<void>;
  /** Ends sessions already deleted from the table, on every instance and socket (the auth module's). */
  revokeSessions: (idHashes: string[]) => Promise<void>;
  /** The outbox: its worker delivers and retries. */
  enqueueEmail: (message: MailMessage) => Promise<unknown>;
  /** Where e-mailed links point (PUBLIC_ORIGIN); null when e-mails cannot carry links. */
  linkOrigin: string;
  /** Where the key of the e-mail hash kept on reports about a deleted account lives. */
  keys: StoredKeys;
  /**
   * The participants module's release of every seat, waitlist place and request the person holds: the
   * seats go to the waiting (who are told) before the account goes.
   */
  releaseSeats: (userId: number) => Promise<void>;
  /** The matching module's: the person's meetings are canceled and each other person told, without a name. */
  cancelMeetings: (userId: number) => Promise<void>;
}) {
  const { repo } = deps;

  async function signedInUser(userId: number) {
    const user = await deps.users.findById(userId);
    if (!user) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
    return user;
  }

  return {
    async status(userId: number) {
      const user = await signedInUser(userId);
      return {
        email: user.email,
        emailVerified: user.emailVerifiedAt != null,
        googleLinked: user.googleSubject != null,
      };
    },

    /** The signed-in user when `password` is theirs; 403 otherwise. */
    async checkPassword(userId: number, password: string) {
      const user = await signedInUser(userId);
      if (!(await verify(user.passwordHash, password).catch(() => false)))
        throw new HttpError(403, messageKey(ACCOUNT_TEXTS, "wrongPassword"));
      return user;
    },

    /** Sets a new password; every other session ends (`keep` stays) and mailed reset links are spent. */
    async changePassword(userId: number, newPassword: string, keep: string | null) {
      await deps.users.update(userId, { passwordHash: await hashPassword(newPassword) });
      await repo.deleteTokens(userId, "password_reset");
      await deps.revokeSessions(await repo.deleteSessions(userId, keep));
    },

    /**
     * Mails a reset link when an unsuspended account uses the address and links can be made; silent
     * otherwise, so the caller's answer never tells which e-mails exist. A new link never ends the ones
     * mailed before it.
     */
    async requestPasswordReset(email: string) {
      const user = await repo.findUserByEmail(email);
      if (!user || user.suspendedAt) return;
      const { token, idHash } = newLinkToken();
      const now = new Date();
      await repo.addToken(
        {
          idHash,
          userId: user.id,
          purpose: "password_reset",
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
        },
        now,
      );
      const link = tokenLink(deps.linkOrigin, "/reset-password", token);
      await deps.enqueueEmail(passwordResetEmail(user.email, link, languageOf(user.language)));
    },

    /** Spends a reset link, sets the new password and ends every session of the account. */
    async resetPassword(token: string, newPassword: string) {
      const row = await repo.consumeToken(hashSessionToken(token), "password_reset", new Date());
      if (!row) throw new HttpError(400, messageKey(ACCOUNT_TEXTS, "tokenInvalid"));
      await deps.users.update(row.userId, { passwordHash: await hashPassword(newPassword) });
      // The other links mailed in the same hour are spent with this one.
      await repo.deleteTokens(row.userId, "password_reset");
      await deps.revokeSessions(await repo.deleteSessions(row.userId, null));
    },

    /** The account a verification link would be mailed for: 409 when its address is verified already. */
    async unverifiedUser(userId: number) {
      const user = await signedInUser(userId);
      if (user.emailVerifiedAt) throw new HttpError(409, messageKey(ACCOUNT_TEXTS, "alreadyVerified"));
      return user;
    },

    /** Mails a verification link (24 h, single use, replacing the previous one). */
    async sendVerification(user: UserRow) {
      const { token, idHash } = newLinkToken();
      await repo.replaceToken({
        idHash,
        userId: user.id,
        purpose: "email_verification",
        email: user.email,
        expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
      });
      const link = tokenLink(deps.linkOrigin, "/verify-email", token);
      await deps.enqueueEmail(emailVerificationEmail(user.email, user.fullName, link, languageOf(user.language)));
    },

    /** Spends a verification link; the address it was sent to is verified if the account still uses it. */
    async confirmEmail(token: string) {
      const now = new Date();
      const row = await repo.consumeToken(hashSessionToken(token), "email_verification", now);
      if (!row?.email || !(await deps.users.markEmailVerified(row.userId, row.email, now)))
        throw new HttpError(400, messageKey(ACCOUNT_TEXTS, "tokenInvalid"));
    },

    /** Everything stored about the user; secrets (hashes, keys) left out. */
    async exportOf(userId: number) {
      const data = await repo.exportOf(await signedInUser(userId));
      return { exportedAt: new Date().toISOString(), product: PRODUCT_NAME, ...data };
    },

    /** Deletes the account (after its password was checked): hosted events are canceled, every session ends. */
    async deleteAccount(userId: number) {
      const hosted = await repo.hostedEventsWithPeople(userId);
      const groups = await deps.groupIdsOf(userId);
      const emailKey = await reportEmailKey(deps.keys);
      let ended: Awaited<ReturnType<AccountRepository["deleteAccount"]>> = "takes part";
      // Their opt-ins and phrases go with the account's row; the meetings are told first.
      await deps.cancelMeetings(userId);
      // A join of the person's own can land between the release and the deletion: release again then.
      for (let attempt = 0; ended === "takes part" && attempt < 3; attempt++) {
        await deps.releaseSeats(userId);
        ended = await repo.deleteAccount(userId, emailKey);
      }
      if (ended === "takes part") throw new HttpError(409, messageKey(ACCOUNT_TEXTS, "deleteRetry"));
      if (!ended) throw new HttpError(401, messageKey(API_TEXTS, "notSignedIn"));
      await deps.revokeSessions(ended);
      // Their events' conversations went with them: sockets still on those channels are taken off.
      await deps.accessEnded({ groups });
      // After the deletion, so the notices never name the person (they were rows of the account's events).
      for (const event of hosted) {
        await deps.notifications.notifyAll(event.people, EVENT_NOTICES.canceledWithAccount(event));
      }
    },
  };
}
