/** Google sign-in (OpenID Connect); it owns no tables: accounts and sessions are the auth module's. */
export { googleService } from "./service";
