import { isIP } from "node:net";
import { z } from "zod";

const accessCode = /^\d{10}$/;

/** The three demo access codes, documented in the README, used when ACCESS_CODES is unset. */
export const DEMO_ACCESS_CODES = ["1234567890", "2468013579", "1357924680"];

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres(ql)?:\/\/|memory:\/\/|file:)/.test(v), "must start with postgres://, memory:// or file:")
    .optional(),
  /**
   * Connections each instance keeps to PostgreSQL: at least the requests it serves at once, so none waits
   * for a connection; N instances need N times this below the server's max_connections.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().default("./data"),
  REDIS_URL: z.string().startsWith("redis://", "must start with redis://").optional(),
  ACCESS_CODES: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .refine(
      (codes) => codes.length > 0 && codes.every((c) => accessCode.test(c)),
      "must be comma-separated 10-digit codes",
    )
    .optional(),
  /** `open`: a deployment knowingly lets anyone register with the public demo codes instead of choosing ACCESS_CODES. */
  REGISTRATION: z.enum(["open"], { error: "must be open (or unset)" }).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Link <no-reply@link.local>"),
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Demo data: unset seeds only the embedded database (never a DATABASE_URL server); see seedPolicy. */
  SEED: z.enum(["true", "false"]).optional(),
  /** Which proxies may set X-Forwarded-*: unset trusts none; a hop count, `true`, or comma-separated IPs/CIDRs. */
  TRUST_PROXY: z
    .string()
    .transform(parseTrustProxy)
    .refine((v) => v !== null, "must be true, false, a hop count, or comma-separated IPs/CIDRs")
    .transform((v) => v as TrustProxy)
    .optional(),
  /** Prepended to every Redis key and channel, so deployments can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 letters, digits or _.:-")
    .default("link:"),
  /** `true` serves the OpenAPI viewer and document (/api/docs) in production too; outside production they always are. */
  API_DOCS: z.enum(["true", "false"]).optional(),
  /** When set, /metrics requires `Authorization: Bearer <token>`; unset, /metrics is open outside production only. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Moderators, comma-separated usernames: each existing account named here is granted the stored role at start. */
  ADMIN_USERNAMES: z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((names) => names.every((name) => name.length <= 64), "must be comma-separated usernames")
    .optional(),
  /**
   * Unset: the per-action auth budgets of AUTH_BUDGETS (src/contract/limits.ts). A number replaces
   * every one of those counts (each keeps its window): for test suites and load tests.
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * A Photon (`https://photon.example/api`) or Nominatim (`https://nominatim.example/search`)
   * search URL: enables address search in the place picker. Unset: cities only.
   */
  GEOCODER_URL: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL")
    .optional(),
  /**
   * A MapLibre style JSON (e.g. `https://tiles.openfreemap.org/styles/liberty`): the event page and
   * the place picker then show a small map. Unset: no map, and the CSP stays closed to map hosts.
   */
  MAP_STYLE_URL: z
    .string()
    .url()
    .refine((v) => /^https?:$/.test(new URL(v).protocol), "must be an http(s) URL")
    .optional(),
  /** Web push: unset, a key pair is generated on first start and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key")
    .optional(),
  /** Who push services may contact about this sender: an https: URL or mailto: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, "must be an https: URL or a mailto: address")
    .optional(),
  /** Native push: a Firebase service account key file; unset, native device tokens are stored but not sent to. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  /** How often each instance looks for due reminders, in ms (1 s to 5 min): the end-to-end journeys shorten it. */
  REMINDER_POLL_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
});

/** Fastify's trustProxy: false (none), true (all), a hop count, or the addresses/CIDRs of the proxies. */
export type TrustProxy = boolean | number | string[];

function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim();
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split("/");
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length > 0 ? entries : null;
}

/**
 * The origin every absolute link (calendar feeds, link cards, e-mails) is built from: PUBLIC_ORIGIN, never a
 * request's Host or X-Forwarded-Host (the sender's to choose). Without it the server is the demo (a
 * deployment is refused at start), and links name the address it listens on: an unspecified address
 * (0.0.0.0, ::) is reached on this machine as localhost.
 */
export function publicOrigin(config: Pick<Config, "PUBLIC_ORIGIN" | "HOST" | "PORT">): string {
  if (config.PUBLIC_ORIGIN) return new URL(config.PUBLIC_ORIGIN).origin;
  const host = config.HOST.trim().replace(/^\[(.*)\]$/, "$1");
  const name = host === "0.0.0.0" || host === "::" ? "localhost" : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${config.PORT}`;
}

/**
 * Demo data goes only into a demo's embedded database, or wherever SEED=true asks for it explicitly: a
 * deployment never gets the demo accounts and invite by default.
 */
export function seedPolicy(config: Pick<Config, "SEED" | "DATABASE_URL" | "DEPLOYMENT">): boolean {
  if (config.SEED !== undefined) return config.SEED === "true";
  if (config.DEPLOYMENT) return false;
  return config.DATABASE_URL === undefined || !/^postgres(ql)?:\/\//.test(config.DATABASE_URL);
}

/** localhost, 127.0.0.0/8 and ::1 (bracketed or IPv4-mapped too): only this machine can reach the server. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (bare === "localhost" || bare === "::1") return true;
  const v4 = bare.replace(/^::ffff:/, "");
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/**
 * A deployment rather than the README's demo: it names its public origin, or runs in production where
 * others reach it by another name: on a HOST the operator chose that is not loopback, or behind a proxy
 * (TRUST_PROXY). An unset HOST is the demo's `npm start`, which keeps its codes and links to localhost.
 */
function isDeployment(env: NodeJS.ProcessEnv, data: z.infer<typeof configSchema>): boolean {
  if (data.PUBLIC_ORIGIN) return true;
  if (data.NODE_ENV !== "production") return false;
  return (env.HOST !== undefined && !isLoopbackHost(env.HOST)) || (data.TRUST_PROXY ?? false) !== false;
}

export type Config = Omit<z.infer<typeof configSchema>, "ACCESS_CODES"> & {
  ACCESS_CODES: string[];
  /** See isDeployment: no demo codes unless REGISTRATION=open, no demo seed unless SEED=true. */
  DEPLOYMENT: boolean;
};

/** Parses the environment once; a bad value names its variable on one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY)) {
    throw new Error(
      "Invalid environment variable VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
    );
  }
  const deployment = isDeployment(env, result.data);
  if (deployment && !result.data.ACCESS_CODES && result.data.REGISTRATION !== "open") {
    throw new Error(
      "Invalid environment variable ACCESS_CODES: a deployment (PUBLIC_ORIGIN set, or NODE_ENV=production with a HOST other than loopback or behind a proxy) must choose its access codes: set ACCESS_CODES to comma-separated 10-digit codes, or REGISTRATION=open to let anyone register with the public demo codes",
    );
  }
  if (deployment && !result.data.PUBLIC_ORIGIN) {
    throw new Error(
      "Invalid environment variable PUBLIC_ORIGIN: a deployment (NODE_ENV=production with a HOST other than loopback, or behind a proxy with TRUST_PROXY) must name the origin people open, e.g. PUBLIC_ORIGIN=https://link.example.com: calendar links, link cards and e-mails are built from it",
    );
  }
  return { ...result.data, ACCESS_CODES: result.data.ACCESS_CODES ?? DEMO_ACCESS_CODES, DEPLOYMENT: deployment };
}

/** Defaults for tests and scripts; override what the case needs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "false" }), ...overrides };
}

/**
 * Where the client's fetches and its /ws socket may go (CSP connect-src): this origin ('self', which covers
 * its ws:/wss: twin) and PUBLIC_ORIGIN's http(s) and ws(s) forms, for a page served under another name.
 */
export function connectSources(config: Pick<Config, "PUBLIC_ORIGIN">): string[] {
  if (!config.PUBLIC_ORIGIN) return ["'self'"];
  const origin = new URL(config.PUBLIC_ORIGIN);
  const socket = `${origin.protocol === "https:" ? "wss:" : "ws:"}//${origin.host}`;
  return ["'self'", origin.origin, socket];
}

/** The OpenAPI viewer and document: a map of every route is for developers, in production only when asked for. */
export function serveApiDocs(config: Pick<Config, "NODE_ENV" | "API_DOCS">): boolean {
  return config.NODE_ENV !== "production" || config.API_DOCS === "true";
}
