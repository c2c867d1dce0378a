import { API_TEXTS } from "#contract/api-texts";
import { groupChannel } from "#contract/bus";
import { CHAT_TEXTS, clientIdSchema } from "#contract/chat";
import type { Language } from "#contract/i18n/languages";
import { messageKey } from "#contract/i18n/texts";
import {
  SOCKET_AUTH_FRAMES_PER_MINUTE,
  SOCKET_FRAMES_PER_MINUTE,
  SOCKET_GROUP_FRAMES_PER_MINUTE,
  TYPING_MIN_INTERVAL_MS,
} from "#contract/limits";
import { BLOCK_TEXTS } from "#contract/safety-texts";
import { type ClientMessage, clientMessageSchema, SOCKET_POLICY_CODE, SOCKET_TEXTS } from "#contract/socket";
import { validationAnswer } from "#server/http/error-texts";
import { HttpError } from "#server/http/http-error";
import { messageIn, serverText } from "#server/i18n";
import { consumeAll, type Limiter, retryAfterSeconds } from "../http/rate-limits";
import type { HubChannels } from "./channels";
import type { Connection, HubDeps } from "./hub-types";
import { send } from "./send";

const MINUTE_MS = 60_000;

/** A refusal meant for the person (a handler's 4xx) in their language: its message is safe to show. */
function refusalOf(error: unknown, language: Language): string | null {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return null;
  return messageIn(language, error.code, error.values) ?? error.message;
}

/** What a socket's frames do: each is parsed, budgeted and served, and answered by a frame of its own. */
export function hubFrames(deps: HubDeps, channels: HubChannels) {
  // Per-user budgets shared by every socket of the user, on every instance; chat and
  // votes share theirs with the REST routes. A frame over its budget gets an error frame.
  const limiters = {
    // Every frame passes this one, so it costs no Redis round trip: it guards this instance's CPU.
    frames: deps.limits.limiter("socket-frames", {
      points: SOCKET_FRAMES_PER_MINUTE,
      windowMs: MINUTE_MS,
      perInstance: true,
    }),
    auth: deps.limits.limiter("socket-auth", { points: SOCKET_AUTH_FRAMES_PER_MINUTE, windowMs: MINUTE_MS }),
    groups: deps.limits.limiter("socket-groups", { points: SOCKET_GROUP_FRAMES_PER_MINUTE, windowMs: MINUTE_MS }),
    chat: deps.handlers.budgets.chat.map((budget) => deps.limits.limiter(budget.name, budget.limit)),
    votes: deps.limits.limiter(deps.handlers.budgets.votes.name, deps.handlers.budgets.votes.limit),
  };

  /** Spends one point of each budget; the refusal text (the longest wait) when one is spent, else null. */
  async function spend(
    limiter: Limiter | readonly Limiter[],
    conn: Connection,
    refusal = messageKey(SOCKET_TEXTS, "tooManyFrames"),
  ): Promise<string | null> {
    const verdict = await consumeAll(Array.isArray(limiter) ? limiter : [limiter as Limiter], conn.userId);
    if (verdict.allowed) return null;
    return messageIn(conn.language, refusal, { seconds: retryAfterSeconds(verdict) }) ?? refusal;
  }

  /** A handler's refusal is said as it is; anything else is logged and said vaguely. */
  function failureText(error: unknown, language: Language) {
    const refusal = refusalOf(error, language);
    if (refusal) return refusal;
    deps.log.error({ err: error }, "socket frame failed");
    return serverText(language, BLOCK_TEXTS, "somethingWrong");
  }

  /** Serves one valid frame; a refusal for the person comes back as its text. */
  async function handle(conn: Connection, frame: ClientMessage): Promise<string | null> {
    const { handlers } = deps;
    switch (frame.type) {
      case "auth": {
        // The session cookie authenticated this socket on upgrade; a userId in the frame is ignored.
        const refused = await spend(limiters.auth, conn);
        if (refused) return refused;
        send(conn, { type: "auth_success", userId: conn.userId, groups: await handlers.groupsOf(conn.userId) });
        return null;
      }
      case "join_group": {
        const refused = await spend(limiters.groups, conn);
        if (refused) return refused;
        await handlers.requireMember(frame.groupId, conn.userId);
        if (!conn.groups.has(frame.groupId)) {
          conn.groups.add(frame.groupId);
          await channels.listen(groupChannel(frame.groupId), conn);
        }
        send(conn, { type: "joined_group", groupId: frame.groupId });
        return null;
      }
      case "leave_group": {
        const refused = await spend(limiters.groups, conn);
        if (refused) return refused;
        await channels.leave(conn, frame.groupId);
        return null;
      }
      case "chat_message": {
        const clientId = frame.clientId ?? null;
        const refused = await spend(limiters.chat, conn, messageKey(CHAT_TEXTS, "tooManyMessages"));
        if (refused) {
          send(conn, { type: "message_error", clientId, message: refused });
          return null;
        }
        // The socket's next frame need not wait for this insert: the writer keeps the order, and a
        // refusal still reaches the socket. Waiting here would let one slow insert hold every later frame.
        const sending = handlers
          .sendChat(conn.userId, frame)
          .then(
            (stored) => send(conn, { type: "message_ack", clientId, id: stored.id }),
            (error: unknown) =>
              send(conn, { type: "message_error", clientId, message: failureText(error, conn.language) }),
          )
          .finally(() => conn.sending.delete(sending));
        conn.sending.add(sending);
        return null;
      }
      case "typing": {
        // Only in a group this socket joined; a faster client than the interval is ignored.
        if (!conn.groups.has(frame.groupId)) return SOCKET_TEXTS.joinFirst;
        const now = Date.now();
        if (now - (conn.typingAt.get(frame.groupId) ?? 0) < TYPING_MIN_INTERVAL_MS) return null;
        conn.typingAt.set(frame.groupId, now);
        // Membership is checked as a message's is: a socket joined before its person lost access says nothing.
        try {
          await handlers.requireMember(frame.groupId, conn.userId);
        } catch (error) {
          await channels.leaveAndTell(conn, frame.groupId);
          throw error;
        }
        if (!(await handlers.mayShowTyping(frame.groupId, conn.userId))) return null;
        conn.name ??= handlers.nameOf(conn.userId);
        const userName = await conn.name;
        await deps.bus.publish(groupChannel(frame.groupId), {
          type: "typing",
          groupId: frame.groupId,
          userId: conn.userId,
          userName,
        });
        return null;
      }
      case "event_vote": {
        const refused = await spend(limiters.votes, conn);
        if (refused) return refused;
        await handlers.vote(conn.userId, frame.groupId, frame.eventId, frame.vote);
        return null;
      }
    }
  }

  return async function onFrame(conn: Connection, data: unknown, isBinary: boolean) {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    // Past the all-frames budget the user is flooding: the socket closes instead of being served.
    if (!(await limiters.frames.consume(conn.userId)).allowed) {
      conn.socket.close(SOCKET_POLICY_CODE, SOCKET_TEXTS.flooding);
      return;
    }
    let json: unknown;
    try {
      if (isBinary) throw new Error("binary");
      json = JSON.parse(String(data));
    } catch {
      send(conn, { type: "error", message: serverText(conn.language, API_TEXTS, "invalidFrame") });
      return;
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const { message } = validationAnswer(conn.language, issue.path.join("."), issue);
      // Every chat frame is answered by its clientId, even one that fails the parse (when the id itself is valid).
      const chat = json as { type?: unknown; clientId?: unknown } | null;
      if (chat?.type === "chat_message") {
        const clientId = clientIdSchema.safeParse(chat.clientId);
        send(conn, { type: "message_error", clientId: clientId.success ? clientId.data : null, message });
      } else send(conn, { type: "error", message });
      return;
    }
    try {
      const refused = await handle(conn, parsed.data);
      if (refused) send(conn, { type: "error", message: refused });
    } catch (error) {
      send(conn, { type: "error", message: failureText(error, conn.language) });
    }
  };
}
