import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config";

/** What an upstream id may look like: short and log-safe (no spaces, quotes or control characters). */
const UPSTREAM_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: a fresh UUID per request, unless a proxy the operator trusts (TRUST_PROXY)
 * sent `x-request-id`, so one id follows a request from the proxy's log into ours. Without
 * TRUST_PROXY a client's header is ignored: it could otherwise forge or collide ids in the log.
 */
export function requestIdGenerator(trust: TrustProxy | undefined): (request: IncomingMessage) => string {
  const fromTrustedPeer = trustedPeer(trust);
  return (request) => {
    const upstream = request.headers["x-request-id"];
    if (typeof upstream === "string" && UPSTREAM_ID.test(upstream) && fromTrustedPeer(request.socket.remoteAddress))
      return upstream;
    return randomUUID();
  };
}

function trustedPeer(trust: TrustProxy | undefined): (address: string | undefined) => boolean {
  if (trust === undefined || trust === false || trust === 0) return () => false;
  if (!Array.isArray(trust)) return () => true; // `true` or a hop count: the operator vouches for the nearest peer
  const list = new BlockList();
  for (const entry of trust) {
    const [address, bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.)/, "");
    return list.check(plain, isIP(plain) === 6 ? "ipv6" : "ipv4");
  };
}
