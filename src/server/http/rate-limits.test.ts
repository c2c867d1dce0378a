import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sharedRedisUrl } from "#server/test/instances";
import { createRateLimits } from "./rate-limits";

const prefix = () => `test-${randomBytes(6).toString("hex")}:`;

describe("rate limiter factory", () => {
  it("allows `points` per window per key, then refuses with the time to wait", async () => {
    const limits = createRateLimits({ prefix: prefix() });
    const limiter = limits.limiter("test", { points: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) expect(await limiter.consume(7)).toEqual({ allowed: true });
    const refused = await limiter.consume(7);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterMs).toBeGreaterThan(55_000);
    // Keys are separate budgets.
    expect(await limiter.consume(8)).toEqual({ allowed: true });
    await limits.close();
  });

  it("hands REST and socket code the same limiter for one name, and refuses one name with two limits", async () => {
    const limits = createRateLimits({ prefix: prefix() });
    const a = limits.limiter("shared", { points: 2, windowMs: 1000 });
    const b = limits.limiter("shared", { points: 2, windowMs: 1000 });
    expect(b).toBe(a);
    await a.consume(1);
    await b.consume(1);
    expect((await a.consume(1)).allowed).toBe(false);
    expect(() => limits.limiter("shared", { points: 3, windowMs: 1000 })).toThrow(/two different limits/);
    await limits.close();
  });

  it("with Redis unreachable, a per-process budget takes over: no error, the limit still holds", async () => {
    // Port 1 refuses connections at once.
    const limits = createRateLimits({ redisUrl: "redis://127.0.0.1:1", prefix: prefix() });
    const limiter = limits.limiter("outage", { points: 2, windowMs: 60_000 });
    expect(await limiter.consume(1)).toEqual({ allowed: true });
    expect(await limiter.consume(1)).toEqual({ allowed: true });
    expect((await limiter.consume(1)).allowed).toBe(false);
    await limits.close();
  });

  it("slots: at most `max` holders per key; a release frees one; a holder that stops renewing lapses", async () => {
    const limits = createRateLimits({ prefix: prefix() });
    const slots = limits.slots("test-slots", { max: 2, leaseMs: 200 });
    expect(await slots.acquire(1, "a")).toBe(true);
    expect(await slots.acquire(1, "b")).toBe(true);
    expect(await slots.acquire(1, "c")).toBe(false);
    expect(await slots.acquire(2, "c")).toBe(true);
    await slots.release(1, "a");
    expect(await slots.acquire(1, "c")).toBe(true);
    // "b" is renewed, "c" is not: after the lease only "b" still counts.
    await new Promise((r) => setTimeout(r, 120));
    await slots.renew(1, ["b"]);
    await new Promise((r) => setTimeout(r, 120));
    expect(await slots.acquire(1, "d")).toBe(true);
    expect(await slots.acquire(1, "e")).toBe(false);
    await limits.close();
  });

  it.skipIf(!sharedRedisUrl)("two instances on one Redis share slots", async () => {
    const shared = prefix();
    const one = createRateLimits({ redisUrl: sharedRedisUrl, prefix: shared });
    const two = createRateLimits({ redisUrl: sharedRedisUrl, prefix: shared });
    await new Promise((r) => setTimeout(r, 300));
    const options = { max: 3, leaseMs: 60_000 };
    const [a, b] = [one.slots("sockets", options), two.slots("sockets", options)];
    expect(await a.acquire(9, "a1")).toBe(true);
    expect(await b.acquire(9, "b1")).toBe(true);
    expect(await a.acquire(9, "a2")).toBe(true);
    expect(await b.acquire(9, "b2")).toBe(false);
    await a.release(9, "a1");
    expect(await b.acquire(9, "b2")).toBe(true);
    await Promise.all([one.close(), two.close()]);
  });

  it.skipIf(!sharedRedisUrl)("two instances on one Redis share one budget", async () => {
    const shared = prefix();
    const one = createRateLimits({ redisUrl: sharedRedisUrl, prefix: shared });
    const two = createRateLimits({ redisUrl: sharedRedisUrl, prefix: shared });
    // The first command may race the connection; wait until both clients are ready.
    await new Promise((r) => setTimeout(r, 300));
    const limit = { points: 4, windowMs: 60_000 };
    const [a, b] = [one.limiter("across", limit), two.limiter("across", limit)];
    for (let i = 0; i < 2; i++) {
      expect(await a.consume(42)).toEqual({ allowed: true });
      expect(await b.consume(42)).toEqual({ allowed: true });
    }
    expect((await a.consume(42)).allowed).toBe(false);
    expect((await b.consume(42)).allowed).toBe(false);
    await Promise.all([one.close(), two.close()]);
  });
});
