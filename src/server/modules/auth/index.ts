/** Accounts' way in: registration behind an access grant, sign-in, sessions and their sweeper. */

export { GrantMissingError } from "./errors";
export { clearGrantCookie, grantHashOf } from "./grant-cookie";
export { type AuthRepository, authRepository, endSessionsOf } from "./repository";
export { type AuthService, authService, hashPassword } from "./service";
export { sessionSweeper } from "./worker";
