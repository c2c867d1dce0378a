import { randomUUID } from "node:crypto";
import { PRESENCE_CHANNEL } from "#contract/bus";
import { HEARTBEAT_MS, type HubDeps } from "./hub-types";

/** A change of who is connected here is announced at most this often. */
const PRESENCE_DEBOUNCE_MS = 1000;

/**
 * Who holds a socket on the other instances, as they last said (an instance silent for three heartbeats,
 * crashed, counts no more), and this instance's own announcements of who is connected here.
 */
export function hubPresence(deps: Pick<HubDeps, "bus" | "log">, localUserIds: () => number[]) {
  const instance = randomUUID();
  const elsewhere = new Map<string, { userIds: Set<number>; at: number }>();
  const subscription = deps.bus.subscribe(PRESENCE_CHANNEL, (event) => {
    if (event.type !== "presence" || event.instance === instance) return;
    if (event.userIds.length === 0) elsewhere.delete(event.instance);
    else elsewhere.set(event.instance, { userIds: new Set(event.userIds), at: Date.now() });
  });
  subscription.catch((error) => deps.log.error({ err: error }, "could not subscribe to presence"));
  const announce = (userIds = localUserIds()) =>
    deps.bus.publish(PRESENCE_CHANNEL, { type: "presence", instance, userIds }).catch(() => {});
  let timer: ReturnType<typeof setTimeout> | null = null;

  return {
    subscription,
    announce,
    changed() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void announce();
      }, PRESENCE_DEBOUNCE_MS);
      timer.unref();
    },
    forgetSilentInstances() {
      const cutoff = Date.now() - 3 * HEARTBEAT_MS;
      for (const [id, seen] of elsewhere) if (seen.at < cutoff) elsewhere.delete(id);
    },
    /** How many other instances said they hold a socket of the user. */
    instancesHolding(userId: number) {
      let n = 0;
      for (const seen of elsewhere.values()) if (seen.userIds.has(userId)) n += 1;
      return n;
    },
    stopTimer() {
      if (timer) clearTimeout(timer);
    },
  };
}
