-- Media bounds and garbage collection (issue 14, decision 022).
-- uploaded_by: who first stored the bytes, for the per-user quota (null: the content pack, or the
-- uploader's account is gone). source_key: sha-256 of the processing version, the use and the bytes
-- as received, so an unchanged pack image (or the same upload again) is not re-encoded.
-- in_quiz: the image has been a question or option image, so an attempt's snapshot may copy its
-- URL without locking it: it is freed only once it has been unreferenced for a grace period.
-- Existing rows may be anything: they are treated as quiz content (the safe side), so the sweeper
-- frees the orphans already stored after that grace period.
ALTER TABLE "media" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "in_quiz" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "in_quiz" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "unreferenced_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_uploaded_by_idx" ON "media" USING btree ("uploaded_by") WHERE "media"."uploaded_by" is not null;--> statement-breakpoint
CREATE INDEX "media_source_key_idx" ON "media" USING btree ("source_key") WHERE "media"."source_key" is not null;--> statement-breakpoint
CREATE INDEX "media_unreferenced_idx" ON "media" USING btree ("unreferenced_since") WHERE "media"."unreferenced_since" is not null;--> statement-breakpoint
CREATE INDEX "users_avatar_media_idx" ON "users" USING btree ("avatar_media_id") WHERE "users"."avatar_media_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_image_media_idx" ON "questions" USING btree ("image_media_id") WHERE "questions"."image_media_id" is not null;--> statement-breakpoint
-- The media URLs inside a question's options and inside an attempt's snapshot, as a jsonb array
-- of strings: indexed (GIN, only rows that have any) so "is this image still used?" is an index
-- probe, not a scan of every attempt.
CREATE OR REPLACE FUNCTION media_urls_in_options(options jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_path_query_array(options, 'lax $[*] ? (@.type == "image").value') $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION media_urls_in_snapshot(snapshot jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_path_query_array(snapshot, 'lax $.questions[*].questionImage ? (@ != null)')
    || jsonb_path_query_array(snapshot, 'lax $.questions[*].options[*] ? (@.type == "image").value') $$;--> statement-breakpoint
CREATE INDEX "questions_option_media_idx" ON "questions" USING gin (media_urls_in_options("options")) WHERE media_urls_in_options("options") <> '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "attempts_snapshot_media_idx" ON "attempts" USING gin (media_urls_in_snapshot("snapshot")) WHERE media_urls_in_snapshot("snapshot") <> '[]'::jsonb;
