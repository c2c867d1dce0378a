import type { FastifyBaseLogger } from "fastify";
import { periodicWorker } from "#server/periodic-worker";
import type { Bus } from "#server/realtime/bus";
import { deliveriesSettled, onNotification } from "../notifications";
import { listenForChatMessages } from "./chat-delivery";
import type { DeliveryService } from "./service";

/** How often an instance looks for users whose daily digest is due. */
const DIGEST_POLL_MS = 15 * 60_000;

/**
 * Push and e-mail for every notification the notifications service stores, and for chat messages to members
 * who are away. Start listens on the app's bus; stop stops listening and waits for the deliveries under way
 * (a chat window still collecting is flushed first), so none is cut off by the database closing.
 */
export function createDeliveryWorker(deps: {
  delivery: DeliveryService;
  bus: Bus;
  log: FastifyBaseLogger;
  chat: Omit<Parameters<typeof listenForChatMessages>[0], "bus" | "log">;
}) {
  const { delivery, bus, log } = deps;
  let stopNotifications: (() => void) | undefined;
  let stopChat: (() => void) | undefined;
  return {
    start() {
      if (stopNotifications) return;
      stopNotifications = onNotification(bus, (notice) =>
        delivery.deliver(notice).catch((error: Error) => log.warn({ err: error }, "notification delivery failed")),
      );
      stopChat = listenForChatMessages({ ...deps.chat, bus, log });
    },
    async stop() {
      stopChat?.();
      stopChat = undefined;
      await deliveriesSettled(bus);
      stopNotifications?.();
      stopNotifications = undefined;
      await deliveriesSettled(bus);
    },
  };
}

/** The daily e-mail digest: every instance looks every `everyMs`; each user's digest is claimed by one. */
export function createEmailDigestWorker(deps: { delivery: DeliveryService; log: FastifyBaseLogger; everyMs?: number }) {
  return {
    /** One round now; returns how many digests were mailed. */
    runOnce: () => deps.delivery.sendDigests(),
    ...periodicWorker({
      everyMs: deps.everyMs ?? DIGEST_POLL_MS,
      round: () => deps.delivery.sendDigests(),
      log: deps.log,
      failure: "digest round failed",
    }),
  };
}
