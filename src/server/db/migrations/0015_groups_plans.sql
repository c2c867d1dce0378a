-- One availability system: what members marked in a group joins their own availability (My Availability's
-- slots), then the group's separate table goes. The group's four-hour slots map to the three-hour slot
-- holding most of their hours (afternoon 12-4 pm -> 12-3 pm; the others keep their name).
INSERT INTO "availability" ("user_id", "date", "timeslots")
SELECT "user_id", "date", jsonb_agg(DISTINCT "slot")
FROM (
  SELECT ga."user_id", ga."date", CASE s.value WHEN 'afternoon' THEN 'early_afternoon' ELSE s.value END AS "slot"
  FROM "group_availability" ga, jsonb_array_elements_text(ga."timeslots") AS s(value)
) AS mapped
GROUP BY "user_id", "date"
ON CONFLICT ("user_id", "date") DO UPDATE SET
  "timeslots" = (
    SELECT jsonb_agg(DISTINCT v.value)
    FROM jsonb_array_elements_text("availability"."timeslots" || excluded."timeslots") AS v(value)
  ),
  "updated_at" = now();
--> statement-breakpoint
DROP TABLE "group_availability";
--> statement-breakpoint
-- Group plans that offer several options and decide themselves (modules/polls).
CREATE TABLE "group_polls" (
  "event_id" integer PRIMARY KEY NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "group_id" integer NOT NULL REFERENCES "groups"("id") ON DELETE CASCADE,
  "decide_by" timestamp with time zone NOT NULL,
  "nudged_at" timestamp with time zone,
  "decided_at" timestamp with time zone,
  "winner_option_id" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "group_polls_open_idx" ON "group_polls" ("decide_by") WHERE "decided_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "group_polls_group_idx" ON "group_polls" ("group_id");
--> statement-breakpoint
CREATE TABLE "poll_options" (
  "id" serial PRIMARY KEY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "group_polls"("event_id") ON DELETE CASCADE,
  "date" timestamp with time zone NOT NULL,
  "location" text DEFAULT '' NOT NULL,
  "position" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "poll_options_event_idx" ON "poll_options" ("event_id", "position");
--> statement-breakpoint
CREATE TABLE "poll_votes" (
  "option_id" integer NOT NULL REFERENCES "poll_options"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "vote" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "poll_votes_pk" PRIMARY KEY ("option_id", "user_id"),
  CONSTRAINT "poll_votes_vote_check" CHECK ("vote" IN ('yes', 'maybe', 'no'))
);
--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" ("user_id");
