/** PostgreSQL's unique_violation (23505), as node-postgres and PGlite raise it (directly or as a drizzle error's cause). */
export function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}
