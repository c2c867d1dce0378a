import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "#contract/account";
import { outbox } from "#server/modules/outbox/schema";
import { users } from "#server/modules/users/schema";
import { testAppForSuite } from "#server/test/suite";
import { as, registerUser } from "#server/test/test-app";

/** Who is mailed a reset link, and which links a password change leaves usable. */
const t = testAppForSuite();

const requestReset = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/account/password-reset/request", payload: { email } });
const mailsTo = (address: string) => t.database.db.select().from(outbox).where(eq(outbox.to, address));
const tokenIn = (text: string) => text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];

describe("a reset link", () => {
  it("is mailed to no suspended account, whose answer is the same 202 as anyone's", async () => {
    const [suspended, active] = [await registerUser(t.app), await registerUser(t.app)];
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    const [refused, mailed] = [await requestReset(suspended.user.email), await requestReset(active.user.email)];
    expect([refused.statusCode, refused.body]).toEqual([mailed.statusCode, mailed.body]);
    expect(await mailsTo(suspended.user.email)).toHaveLength(0);
    expect(await mailsTo(active.user.email)).toHaveLength(1);
  });

  it("mailed before a password change no longer works after it", async () => {
    const me = await registerUser(t.app);
    await requestReset(me.user.email);
    const [mail] = await mailsTo(me.user.email);
    const token = tokenIn(mail.text);
    expect(token).toBeDefined();
    const changed = await as(
      t.app,
      me.cookie,
    )({
      method: "POST",
      url: "/api/account/password",
      payload: { currentPassword: me.password, newPassword: "changed-pass-1" },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token, newPassword: "stolen-link-1" },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ message: ACCOUNT_TEXTS.tokenInvalid });
    const login = (password: string) =>
      t.app.inject({ method: "POST", url: "/api/login", payload: { username: me.user.username, password } });
    expect((await login("changed-pass-1")).statusCode).toBe(200);
    expect((await login("stolen-link-1")).statusCode).toBe(401);
  });
});
