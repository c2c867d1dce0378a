import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Bus } from "./realtime/bus";

/** What the process hands the app: configuration, the open database and the realtime bus. */
export interface AppDeps {
  config: Config;
  database: Database;
  bus: Bus;
  /** Where log lines go; default stdout. Tests pass a stream to read what was logged. */
  logStream?: { write(line: string): void };
  /** The clock of the workers and timed rules (polls, seat offers, update budgets); tests move it. Default: the system clock. */
  now?: () => Date;
  /** Where FCM's HTTP v1 API is; tests point it at a local server. Default: Google's. */
  fcmApiBase?: string;
}
