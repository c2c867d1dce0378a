-- A guests' conversation's line under its name is written by each reader's screen in their language
-- ("Guests' conversation of <event>"): the English once stored with the group goes.
UPDATE "groups" SET "description" = ''
WHERE "id" IN (SELECT "group_id" FROM "event_conversations");
