-- A host's update in their event's conversation was stored as English ("Update from the host: <words>"), so a
-- reader in another language read it in English. It is now stored as the host's words with the kind "update",
-- and each screen writes the frame in its reader's language. The rows from before are turned the same way:
-- only text messages the event's host posted in that event's conversation that begin with the English frame.
UPDATE "chat_messages" AS m
SET "message_type" = 'update', "message" = substr(m."message", length('Update from the host: ') + 1)
FROM "event_conversations" AS c
JOIN "events" AS e ON e."id" = c."event_id"
WHERE c."group_id" = m."group_id"
  AND e."host_id" = m."user_id"
  AND m."message_type" = 'text'
  AND m."message" LIKE 'Update from the host: %';
