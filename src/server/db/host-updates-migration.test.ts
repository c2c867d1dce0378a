import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventSuite, type Who } from "../test/factories";

/** Migration 0033 on a conversation that holds host updates stored the old way, as English sentences. */
const MIGRATION = readFileSync(path.join(import.meta.dirname, "migrations/0033_host-updates-by-kind.sql"), "utf8");

const { app, signUp, createEvent, participate } = eventSuite();
const open = (who: Who, eventId: number) => who.call({ method: "GET", url: `/api/events/${eventId}/conversation` });

describe("migration 0033_host-updates-by-kind", () => {
  it("turns the host's English-framed updates into their words of kind update, and nothing else", async () => {
    const host = await signUp();
    const guest = await signUp();
    const event = await createEvent(host, { title: "Harbour Supper" });
    await participate(guest, event.id, "going");
    const { groupId } = (await open(guest, event.id)).json();
    const db = app().database.db;
    await db.execute(sql`
      insert into chat_messages (group_id, user_id, message, message_type) values
        (${groupId}, ${host.id}, 'Update from the host: Doors at seven', 'text'),
        (${groupId}, ${guest.id}, 'Update from the host: not really', 'text'),
        (${groupId}, ${host.id}, 'Hello all', 'text')`);

    await db.execute(sql.raw(MIGRATION));

    const rows = (
      (await db.execute(
        sql`select user_id, message_type, message from chat_messages where group_id = ${groupId} order by id`,
      )) as unknown as { rows: { user_id: number; message_type: string; message: string }[] }
    ).rows;
    expect(rows.map((r) => [r.user_id, r.message_type, r.message])).toEqual([
      [host.id, "update", "Doors at seven"],
      // A guest typing the same words is not the host's update; a host's ordinary message stays as it was.
      [guest.id, "text", "Update from the host: not really"],
      [host.id, "text", "Hello all"],
    ]);
    const read = await guest.call({ method: "GET", url: `/api/chat/messages/${groupId}` });
    expect(read.json()[0]).toMatchObject({ messageType: "update", message: "Doors at seven" });
  });
});
