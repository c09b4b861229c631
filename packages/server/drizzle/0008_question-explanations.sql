-- Explanations (issue 16, decision 029): a question may carry an explanation (text, at most 1,000
-- characters) and an explanation image (a media row, like the question image). Both are shown on
-- a result, never in the quiz a learner attempts. Existing questions have none.
ALTER TABLE "questions" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_image_media_id" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_explanation_image_media_id_media_id_fk" FOREIGN KEY ("explanation_image_media_id") REFERENCES "public"."media"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_explanation_image_media_idx" ON "questions" USING btree ("explanation_image_media_id") WHERE "questions"."explanation_image_media_id" is not null;--> statement-breakpoint
-- An attempt's snapshot keeps each question's explanation image URL too, so a result keeps it:
-- the snapshot's media URLs now include it. The index over the function is built anew, since
-- its stored values were computed by the old definition.
DROP INDEX IF EXISTS "attempts_snapshot_media_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION media_urls_in_snapshot(snapshot jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_path_query_array(snapshot, 'lax $.questions[*].questionImage ? (@ != null)')
    || jsonb_path_query_array(snapshot, 'lax $.questions[*].options[*] ? (@.type == "image").value')
    || jsonb_path_query_array(snapshot, 'lax $.questions[*].explanationImage ? (@ != null)') $$;--> statement-breakpoint
CREATE INDEX "attempts_snapshot_media_idx" ON "attempts" USING gin (media_urls_in_snapshot("snapshot")) WHERE media_urls_in_snapshot("snapshot") <> '[]'::jsonb;
