/** Liveness, readiness and the Prometheus metrics of one instance. */
export { registerMetrics } from "./metrics";
export { type HealthService, healthService } from "./service";
