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
