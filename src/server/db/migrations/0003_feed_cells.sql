ALTER TABLE "events" ADD COLUMN "cell" integer GENERATED ALWAYS AS (((floor("lat" / 0.2::float8) + 450) * 2000 + (floor("lng" / 0.2::float8) + 900))::int) STORED;--> statement-breakpoint
CREATE INDEX "events_type_cell_date_idx" ON "events" USING btree ("type","cell","date","id") WHERE "cell" IS NOT NULL;
