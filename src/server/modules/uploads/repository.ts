import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";

export function uploadsRepository(db: Db) {
  return {
    async insert(row: { id: string; userId: number; contentType: string; data: string }) {
      await db.insert(uploads).values(row);
    },
    async find(id: string) {
      const [row] = await db
        .select({ contentType: uploads.contentType, data: uploads.data })
        .from(uploads)
        .where(eq(uploads.id, id))
        .limit(1);
      return row;
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
