/** Accounts' way in: registration behind an access grant, sign-in, sessions and their sweeper. */
export { clearGrantCookie, grantHashOf } from "./grant-cookie";
export {
  type AuthRepository,
  authRepository,
  endSessionsOf,
  GrantMissingError,
} from "./repository";
export { type AuthService, authService, hashPassword } from "./service";
export { sessionSweeper } from "./worker";
