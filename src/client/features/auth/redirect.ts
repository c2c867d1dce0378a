/**
 * Where /auth?redirect=... may send a user after sign-in: same-site paths only.
 * "//host" and "/\host" are protocol-relative to browsers, so they are refused (open redirect).
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return "/";
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return "/";
  // Control characters let some browsers turn "/\t/evil" into "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to reject them
  if (/[\u0000-\u001f\u007f]/.test(target)) return "/";
  if (target === "/auth" || target.startsWith("/auth?") || target.startsWith("/auth/")) return "/";
  return target;
}

export function authPathFor(path: string) {
  return path && path !== "/" ? `/auth?redirect=${encodeURIComponent(path)}` : "/auth";
}
