-- One friendship and one direct conversation per unordered pair of users, enforced by the database: A->B and
-- B->A sent at once both passed a read-then-write check.
-- Rows a past race doubled are folded first (an accepted row wins, then the oldest), so the indexes can be built.
DELETE FROM "friendships" WHERE ctid IN (
  SELECT ctid FROM (
    SELECT ctid, row_number() OVER (
      PARTITION BY least("requester_id", "addressee_id"), greatest("requester_id", "addressee_id")
      ORDER BY ("status" = 'accepted') DESC, "created_at", "requester_id"
    ) AS rn
    FROM "friendships"
  ) ranked
  WHERE rn > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair_idx" ON "friendships" USING btree (least("requester_id", "addressee_id"), greatest("requester_id", "addressee_id"));
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "direct_pair" text;
--> statement-breakpoint
-- Existing two-person conversations get their pair key; of duplicates the oldest keeps it (the others stay readable).
UPDATE "groups" SET "direct_pair" = keyed."pair" FROM (
  SELECT DISTINCT ON ("pair") "group_id", "pair" FROM (
    SELECT m."group_id", min(m."user_id")::text || ':' || max(m."user_id")::text AS "pair"
    FROM "group_members" m JOIN "groups" g ON g."id" = m."group_id" AND g."is_direct"
    GROUP BY m."group_id"
    HAVING count(*) = 2
  ) pairs
  ORDER BY "pair", "group_id"
) keyed
WHERE "groups"."id" = keyed."group_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "groups_direct_pair_idx" ON "groups" USING btree ("direct_pair");
