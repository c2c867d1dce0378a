import type { EarlyAccessRepository } from "./repository";

/** The early-access list: people asking for an account, counted against the accounts given. */
export function earlyAccessService({ repo }: { repo: EarlyAccessRepository }) {
  return {
    /** True when the person was added; false when the e-mail (compared lower-cased) was already listed. */
    join(entry: { fullName: string; email: string; username: string }) {
      return repo.add({ ...entry, email: entry.email.toLowerCase() });
    },
    stats() {
      return repo.stats();
    },
  };
}
