-- Uploads keep only re-encoded WebP variants (no original bytes, so no EXIF); "data" stays for photos stored before this migration, which are re-encoded on first read.
ALTER TABLE "uploads" ALTER COLUMN "data" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "byte_size" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "upload_variants" (
	"upload_id" text NOT NULL REFERENCES "uploads"("id") ON DELETE cascade,
	"width" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "upload_variants_upload_id_width_pk" PRIMARY KEY("upload_id","width")
);
