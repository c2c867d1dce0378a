/**
 * What the log keeps of an error. A failed query must never put its bound parameters
 * (password hashes, e-mails, messages) into the log, and Drizzle writes them into the error's
 * message and stack ("Failed query: … params: …"); PostgreSQL messages can quote a refused value
 * too ('invalid input syntax for type integer: "…"'). So a database error is logged as its class,
 * its SQLSTATE and the names PostgreSQL reports (table, column, constraint), the statement with its
 * placeholders (string literals blanked) and the stack frames, never a message. Other errors keep
 * their message. Installed as the logger's `err` serializer, so every `log.x({ err })` goes through it.
 */

const STATEMENT_MAX = 1000;
/** In place of a message that could carry query parameters or values PostgreSQL quoted. */
const WITHHELD = "(withheld: may contain query parameters)";
const STACK_FRAMES_MAX = 12;

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  statement?: string;
  statusCode?: number;
  stack: string;
  cause?: LoggedError;
}

type ErrorLike = Error & Record<string, unknown>;

/** A Drizzle query error (query + params) or a driver error carrying a SQLSTATE (pg, PGlite). */
function isDatabaseError(error: ErrorLike): boolean {
  if ("params" in error && typeof error.query === "string") return true;
  return (
    typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && ("severity" in error || "routine" in error)
  );
}

/** True when the error or anything in its cause chain came from the database. */
function involvesDatabase(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  return isDatabaseError(error as ErrorLike) || involvesDatabase((error as ErrorLike).cause, depth + 1);
}

/** The statement with its $n placeholders; any inline string literal is blanked. */
export function redactStatement(query: string): string {
  const redacted = query.replace(/'(?:[^']|'')*'/g, "'…'");
  return redacted.length > STATEMENT_MAX ? `${redacted.slice(0, STATEMENT_MAX)}…` : redacted;
}

/** Only the "    at …" lines: the first lines of a stack repeat the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.slice(0, STACK_FRAMES_MAX).join("\n") || undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

function summarize(error: ErrorLike, redactMessages: boolean, depth: number): LoggedError {
  const logged: LoggedError = { type: error.constructor?.name || error.name || "Error", message: WITHHELD, stack: "" };
  if (isDatabaseError(error)) {
    logged.code = text(error.code);
    logged.table = text(error.table);
    logged.column = text(error.column);
    logged.constraint = text(error.constraint);
    logged.routine = text(error.routine);
    if (typeof error.query === "string") logged.statement = redactStatement(error.query);
  } else {
    if (!redactMessages) logged.message = error.message;
    if (typeof error.code === "string") logged.code = error.code;
    if (typeof error.statusCode === "number") logged.statusCode = error.statusCode;
  }
  logged.stack = framesOf(error.stack) ?? "";
  if (error.cause instanceof Error && depth < 5)
    logged.cause = summarize(error.cause as ErrorLike, redactMessages, depth + 1);
  return logged;
}

/** pino `err` serializer. Messages anywhere in a chain that touched the database are left out. */
export function safeErrorSerializer(error: Error): LoggedError {
  // A plain object or string logged as err is passed on as it is (it was built for the log).
  if (!((error as unknown) instanceof Error)) return error as unknown as LoggedError;
  return summarize(error as ErrorLike, involvesDatabase(error), 0);
}

/**
 * A mail transport's failure for the log: its class and the SMTP codes, never its message (an SMTP
 * server's refusal usually quotes the recipient: "550 5.1.1 <someone@example.com>: … rejected").
 */
export function mailErrorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as ErrorLike;
  const logged: Record<string, unknown> = { type: e.constructor?.name || "Error" };
  if (typeof e.code === "string") logged.code = e.code;
  if (typeof e.responseCode === "number") logged.responseCode = e.responseCode;
  if (typeof e.command === "string") logged.command = e.command.split(" ")[0];
  return logged;
}
