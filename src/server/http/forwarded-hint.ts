import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

/**
 * Without TRUST_PROXY, X-Forwarded-* headers are ignored. Behind a proxy that is a misconfiguration
 * with two quiet symptoms: every client shares the proxy's per-IP budgets, and `secure: "auto"`
 * cookies lose Secure behind TLS termination. The first request that carries X-Forwarded-For while
 * nothing is trusted says so once in the log.
 */
export function hintWhenProxyUntrusted(app: FastifyInstance, config: Pick<Config, "TRUST_PROXY">) {
  if (config.TRUST_PROXY) return;
  let said = false;
  app.addHook("onRequest", async (request) => {
    if (said || request.headers["x-forwarded-for"] === undefined) return;
    said = true;
    request.log.warn(
      "a request carries X-Forwarded-For but TRUST_PROXY is unset: it is ignored. Behind a proxy set TRUST_PROXY (hop count or the proxy's addresses), or every client shares the proxy's rate limits and cookies lose Secure",
    );
  });
}
