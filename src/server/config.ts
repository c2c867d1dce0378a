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
  DATA_DIR: z.string().default("./data"),
  REDIS_URL: z.string().startsWith("redis://", "must start with redis://").optional(),
  ACCESS_CODES: z
    .string()
    .transform((v) => v.split(",").map((c) => c.trim()).filter(Boolean))
    .refine((codes) => codes.length > 0 && codes.every((c) => accessCode.test(c)), "must be comma-separated 10-digit codes")
    .optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Link <no-reply@link.local>"),
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED: z.enum(["true", "false"]).default("true"),
  /** Login/register attempts per minute, per IP and per username. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, "ACCESS_CODES"> & { ACCESS_CODES: string[] };

/** Parses the environment once; a bad value names its variable on one line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  return { ...result.data, ACCESS_CODES: result.data.ACCESS_CODES ?? DEMO_ACCESS_CODES };
}

/** Defaults for tests and scripts; override what the case needs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "false" }), ...overrides };
}
