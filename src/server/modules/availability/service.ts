import { AVAILABILITY_TEXTS, type AvailabilityRow, isPastDay } from "../../../contract/availability";
import type { TimeSlotId } from "../../../contract/time-slots";
import { HttpError } from "../../http/http-error";
import type { AvailabilityRepository } from "./repository";

type StoredRow = { id: number; userId: number; date: string; timeslots: string[] };
const toRow = (row: StoredRow): AvailabilityRow => ({ ...row, timeslots: row.timeslots as TimeSlotId[] });

export function availabilityService(repo: AvailabilityRepository) {
  return {
    async list(userId: number, limit: number, before?: string) {
      return (await repo.listForUser(userId, limit, before)).map(toRow);
    },
    /** The caller has already checked that userId is the signed-in user. */
    async save(userId: number, date: string, timeslots: TimeSlotId[]) {
      if (isPastDay(date)) throw new HttpError(400, AVAILABILITY_TEXTS.pastDay);
      return toRow(await repo.upsert(userId, date, timeslots));
    },
  };
}
