import type { FastifyRequest } from "fastify";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import type { Config } from "../config";
import { HttpError } from "./http-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site (CSRF): the browser's Sec-Fetch-Site
 * says so outright; otherwise the Origin must name this host (or PUBLIC_ORIGIN).
 */
export function refuseCrossSiteWrites(config: Config) {
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw new HttpError(403, messageKey(API_TEXTS, "crossSite"));
    const origin = request.headers.origin;
    if (!origin) return;
    if (!isSameOrigin(origin, request.headers.host, config.PUBLIC_ORIGIN)) {
      throw new HttpError(403, messageKey(API_TEXTS, "crossSite"));
    }
  };
}

export function isSameOrigin(origin: string, host: string | undefined, publicOrigin?: string): boolean {
  if (publicOrigin && origin === new URL(publicOrigin).origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
