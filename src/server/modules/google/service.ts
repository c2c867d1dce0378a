import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import type { GoogleSignInError } from "#contract/auth";
import { NAME_MAX } from "#contract/limits";
import { GrantMissingError, hashPassword } from "../auth";
import type { NewUser, UserRow } from "../users";

const GOOGLE_ISSUER = new URL("https://accounts.google.com");

/** What the browser carried through Google: PKCE verifier, state, and whose account a link is for. */
export interface GoogleFlow {
  verifier: string;
  state: string;
  linkUserId?: number;
}

/** Where a callback ends: a session for this user, a redirect alone, or a refusal shown on /auth. */
export type GoogleOutcome =
  | { signIn: number; grantSpent?: boolean }
  | { redirect: string }
  | { fail: GoogleSignInError };

/**
 * Google sign-in through OpenID Connect (authorization code + PKCE): discovery, the authorization URL, and
 * what a verified Google identity means for Link's accounts (sign in, link, or a new account on a grant).
 */
export function googleService({
  accounts,
  linkGoogleSubject,
  clientId,
  clientSecret,
  redirectUri,
}: {
  /** The auth module's accounts: who holds a name, an address or a Google account, and a sign-up on a grant. */
  accounts: {
    findTakenField(username: string, email: string): Promise<"username" | "email" | null>;
    findUserByEmail(email: string): Promise<UserRow | undefined>;
    findUserByGoogleSubject(subject: string): Promise<UserRow | undefined>;
    /** Spends the access grant and stores the account in one transaction; throws GrantMissingError when it is gone. */
    insertUserWithGrant(
      user: NewUser,
      grant: { kind: "code"; idHash: string },
      now: Date,
    ): Promise<{ user: { id: number } }>;
  };
  /** The users module: links a Google account to a Link account; false when it is linked elsewhere. */
  linkGoogleSubject: (userId: number, subject: string) => Promise<boolean>;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** From PUBLIC_ORIGIN only, never a request's forgeable Host; null when it is unknown, and then there is no flow. */
  redirectUri: string;
}) {
  const enabled = Boolean(clientId && clientSecret);
  // Discovery needs the network: done on first use, retried after a failure.
  let configuration: Promise<oidc.Configuration> | undefined;
  const getConfiguration = () => {
    configuration ??= oidc.discovery(GOOGLE_ISSUER, clientId ?? "", clientSecret ?? "").catch((error) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };

  /** A new account from a Google sign-up: its e-mail is verified by Google, its Google account linked. */
  async function createUser(email: string, fullName: string, googleSubject: string, grantHash: string) {
    const base =
      email
        .split("@")[0]
        .replace(/[^A-Za-z0-9_.-]/g, "")
        .slice(0, 30) || "user";
    for (let attempt = 0; attempt < 5; attempt++) {
      const username = attempt === 0 && base.length >= 3 ? base : `${base}_${randomBytes(3).toString("hex")}`;
      if (await accounts.findTakenField(username, email)) continue;
      // The account has no usable password: a random secret nobody knows.
      const user = {
        fullName,
        username,
        email,
        passwordHash: await hashPassword(randomBytes(32).toString("hex")),
        emailVerifiedAt: new Date(),
        googleSubject,
      };
      try {
        return (await accounts.insertUserWithGrant(user, { kind: "code", idHash: grantHash }, new Date())).user;
      } catch (error) {
        if (error instanceof GrantMissingError) return null;
        throw error;
      }
    }
    throw new Error("could not pick a free username");
  }

  return {
    enabled,

    /** A fresh flow and the Google URL that starts it. */
    async start(linkUserId: number | undefined): Promise<{ flow: GoogleFlow; url: string }> {
      const config = await getConfiguration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
      });
      return { flow: { verifier, state, linkUserId }, url: url.href };
    },

    /**
     * Google's answer: the identity it vouches for, then sign-in, linking (the signed-in owner asked), or a
     * new account that spends the browser's access grant like POST /api/register.
     */
    async complete(args: {
      flow: GoogleFlow;
      callbackPath: string;
      signedInUserId: number | null;
      grantHash: string | null;
    }): Promise<GoogleOutcome> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, new URL(args.callbackPath, redirectUri), {
        pkceCodeVerifier: args.flow.verifier,
        expectedState: args.flow.state,
      });
      const claims = tokens.claims();
      const subject = typeof claims?.sub === "string" && claims.sub ? claims.sub : null;
      const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : null;
      // An unverified Google address could belong to someone else's Link account.
      if (!subject || !email || claims?.email_verified !== true) return { fail: "google" };

      // The owner, signed in, asked to link this Google account to theirs.
      if (args.flow.linkUserId !== undefined) {
        if (args.signedInUserId !== args.flow.linkUserId) return { fail: "google" };
        const linked = await accounts.findUserByGoogleSubject(subject);
        if (linked && linked.id !== args.signedInUserId) return { fail: "google-taken" };
        if (!linked && !(await linkGoogleSubject(args.signedInUserId, subject))) return { fail: "google-taken" };
        return { redirect: "/?google=linked" };
      }

      const linked = await accounts.findUserByGoogleSubject(subject);
      // A suspended account is refused here as at the password sign-in.
      if (linked) return linked.suspendedAt ? { fail: "google-suspended" } : { signIn: linked.id };
      const existing: UserRow | undefined = await accounts.findUserByEmail(email);
      if (existing) {
        // The same e-mail proves nothing while Link never verified that the account's
        // owner holds it (anyone can register with someone else's address, then wait for them).
        if (!existing.emailVerifiedAt || existing.googleSubject) return { fail: "google-link" };
        if (existing.suspendedAt) return { fail: "google-suspended" };
        if (!(await linkGoogleSubject(existing.id, subject))) return { fail: "google-taken" };
        return { signIn: existing.id };
      }
      const name =
        typeof claims?.name === "string" && claims.name.trim()
          ? claims.name.trim().slice(0, NAME_MAX)
          : email.split("@")[0];
      if (!args.grantHash) return { fail: "google-grant" };
      const created = await createUser(email, name, subject, args.grantHash);
      if (!created) return { fail: "google-grant" };
      return { signIn: created.id, grantSpent: true };
    },
  };
}
