/** Thrown inside the registration transaction when its grant is gone, so no account is stored. */
export class GrantMissingError extends Error {}
