/** Liveness, readiness and the Prometheus metrics of one instance. */
export { registerMetrics } from "./metrics";
export { healthService } from "./service";
