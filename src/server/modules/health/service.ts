import type { Bus } from "#server/realtime/bus";

/** A dependency that does not answer within this is down: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 2000;

type DependencyState = "up" | "down";

async function answers(check: () => Promise<void>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "up";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this instance can serve: its database answers, and (when one is configured) its Redis. */
export function healthService({ database, bus }: { database: { ping(): Promise<void> }; bus: Pick<Bus, "ping"> }) {
  return {
    async dependencies(): Promise<{ database: DependencyState; redis: DependencyState | undefined }> {
      const pingRedis = bus.ping?.bind(bus);
      const [databaseState, redis] = await Promise.all([
        answers(() => database.ping()),
        pingRedis ? answers(pingRedis) : Promise.resolve(undefined),
      ]);
      return { database: databaseState, redis };
    },
  };
}
