/** Thrown inside the join transaction so the member insert rolls back with the refused use. */
export class InviteUnusableError extends Error {
  constructor(readonly reason: "expired" | "used_up" | "not_found") {
    super(reason);
  }
}
