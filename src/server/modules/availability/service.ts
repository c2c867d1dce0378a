import { AVAILABILITY_TEXTS, type AvailabilityRow, isPastDay } from "#contract/availability";
import { messageKey } from "#contract/i18n/texts";
import type { TimeSlotId } from "#contract/time-slots";
import { HttpError } from "#server/http/http-error";
import type { BlockReads } from "../visibility";
import type { AvailabilityRepository } from "./repository";

export function availabilityService({ repo, blocks }: { repo: AvailabilityRepository; blocks: BlockReads }) {
  return {
    /** What these users published for the days from..to (inclusive), earliest first. */
    daysOf(userIds: number[], from: string, to: string) {
      return repo.daysOf(userIds, from, to);
    },
    /** Across a block the answer is that of an unknown id: nothing. */
    async list(viewerId: number, userId: number, limit: number, before?: string): Promise<AvailabilityRow[]> {
      if (userId !== viewerId && (await blocks.isBlockedEitherWay(viewerId, userId))) return [];
      return repo.listForUser(userId, limit, before);
    },
    /** The caller has already checked that userId is the signed-in user. */
    async save(userId: number, date: string, timeslots: TimeSlotId[]): Promise<AvailabilityRow> {
      if (isPastDay(date)) throw new HttpError(400, messageKey(AVAILABILITY_TEXTS, "pastDay"));
      return repo.upsert(userId, date, timeslots);
    },
  };
}
export type AvailabilityService = ReturnType<typeof availabilityService>;
