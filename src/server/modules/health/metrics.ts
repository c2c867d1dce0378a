import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { API_TEXTS } from "#contract/api-texts";
import { messageKey } from "#contract/i18n/texts";
import type { AppDeps } from "#server/deps";
import { HttpError } from "#server/http/http-error";

/**
 * Prometheus metrics for one app instance, on its own registry (tests build many apps in one
 * process). Requests are labelled by the matched route pattern (`/api/users/:id`), never the raw
 * URL, so an attacker cannot grow the label set; unmatched requests share the label "unmatched".
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps) {
  const registry = new Registry();
  // Process CPU, memory, GC, handles and the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by method, matched route and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched");
    requestDuration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "link_open_sockets",
    help: "WebSocket connections open on this instance",
    registers: [registry],
    collect() {
      this.set(app.websocketServer?.clients.size ?? 0);
    },
  });

  const { bus, database } = deps;
  new Counter({
    name: "link_bus_messages_total",
    help: "Bus messages: out = published by this instance, in = delivered to it, dropped = unparseable or lost to a Redis outage",
    labelNames: ["direction"] as const,
    registers: [registry],
    collect() {
      const stats = bus.stats ?? { published: 0, received: 0, dropped: 0 };
      this.reset();
      this.inc({ direction: "out" }, stats.published);
      this.inc({ direction: "in" }, stats.received);
      this.inc({ direction: "dropped" }, stats.dropped);
    },
  });

  new Gauge({
    name: "link_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting = callers queued for a connection); absent on the embedded database",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.reset();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const refusal = metricsRefusal(request, deps);
    if (refusal) throw new HttpError(refusal.status, refusal.code);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends `Authorization: Bearer <token>`;
 * without it, anyone outside production (a laptop, CI) and nobody in production.
 */
function metricsRefusal(request: FastifyRequest, deps: AppDeps): { status: number; code: string } | null {
  const token = deps.config.METRICS_TOKEN;
  if (!token) {
    if (deps.config.NODE_ENV !== "production") return null;
    return { status: 403, code: messageKey(API_TEXTS, "metricsClosed") };
  }
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  if (a.length === b.length && timingSafeEqual(a, b)) return null;
  return { status: 401, code: messageKey(API_TEXTS, "metricsNeedToken") };
}
