import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { users } from "#server/modules/users/read-sql";
import { uploads, uploadVariants } from "./schema";

export interface UploadUsage {
  /** Uploads in the last hour, and when the oldest of them leaves that hour. */
  lastHourCount: number;
  lastHourOldest: Date | null;
  /** Bytes sent in the last day, and when the oldest of them leaves that day. */
  lastDayBytes: number;
  lastDayOldest: Date | null;
}

function usageQueries(db: Db) {
  return {
    async usage(userId: number, now: Date): Promise<UploadUsage> {
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const [row] = await db
        .select({
          hourCount: sql<number>`count(*) filter (where ${uploads.createdAt} > ${hourAgo})`.mapWith(Number),
          hourOldest: sql<string | null>`min(${uploads.createdAt}) filter (where ${uploads.createdAt} > ${hourAgo})`,
          dayBytes: sql<number>`coalesce(sum(${uploads.byteSize}), 0)`.mapWith(Number),
          dayOldest: sql<string | null>`min(${uploads.createdAt})`,
        })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, dayAgo)));
      return {
        lastHourCount: row?.hourCount ?? 0,
        lastHourOldest: row?.hourOldest ? new Date(row.hourOldest) : null,
        lastDayBytes: row?.dayBytes ?? 0,
        lastDayOldest: row?.dayOldest ? new Date(row.dayOldest) : null,
      };
    },
  };
}

/** Whether the person uploaded it: a picture shown as theirs (a profile picture, a cover) must be. */
export async function isUploadOf(db: Db, id: string, userId: number) {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
    .limit(1);
  return row != null;
}

/** A person's uploads as their data export lists them: what each is, not its bytes. */
export function uploadsOf(db: Db, userId: number) {
  return db
    .select({
      id: uploads.id,
      contentType: uploads.contentType,
      byteSize: uploads.byteSize,
      createdAt: uploads.createdAt,
    })
    .from(uploads)
    .where(eq(uploads.userId, userId));
}

export function uploadsRepository(db: Db) {
  return {
    ...usageQueries(db),

    /**
     * Stores an upload and its variants once the quota still allows it. The user's row is locked
     * for the check and the insert, so one user's concurrent uploads cannot all pass the same check.
     */
    async insertWithinQuota(
      row: { id: string; userId: number; byteSize: number; variants: Array<{ width: number; data: Buffer }> },
      allow: (usage: UploadUsage) => void,
    ) {
      await db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for("update");
        allow(await usageQueries(tx as unknown as Db).usage(row.userId, new Date()));
        await tx
          .insert(uploads)
          .values({ id: row.id, userId: row.userId, contentType: "image/webp", byteSize: row.byteSize });
        await tx
          .insert(uploadVariants)
          .values(row.variants.map((v) => ({ uploadId: row.id, width: v.width, data: v.data })));
      });
    },

    async findVariant(id: string, width: number) {
      const [row] = await db
        .select({ data: uploadVariants.data })
        .from(uploadVariants)
        .where(and(eq(uploadVariants.uploadId, id), eq(uploadVariants.width, width)))
        .limit(1);
      return row?.data ?? null;
    },

    /** A photo stored before the WebP pipeline: its original bytes, still to be re-encoded. */
    async findLegacy(id: string) {
      const [row] = await db
        .select({ data: uploads.data })
        .from(uploads)
        .where(and(eq(uploads.id, id), isNotNull(uploads.data)))
        .limit(1);
      return row?.data ?? null;
    },

    /** Replaces a legacy upload's original (and its metadata) by its variants. */
    async replaceLegacy(id: string, variants: Array<{ width: number; data: Buffer }>) {
      await db.transaction(async (tx) => {
        await tx
          .insert(uploadVariants)
          .values(variants.map((v) => ({ uploadId: id, width: v.width, data: v.data })))
          .onConflictDoNothing();
        await tx.update(uploads).set({ data: null, contentType: "image/webp" }).where(eq(uploads.id, id));
      });
    },

    belongsTo(id: string, userId: number) {
      return isUploadOf(db, id, userId);
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
