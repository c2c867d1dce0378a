/** Google sign-in (OpenID Connect); it owns no tables: accounts and sessions are the auth module's. */
export { type GoogleFlow, type GoogleOutcome, type GoogleService, googleService } from "./service";
