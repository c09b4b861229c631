-- Question pools and a fresh draw per attempt (issue 16, decision 031), and the review box
-- (decision 032), generated Maths quizzes (decision 033). Existing quizzes show all their questions.
ALTER TABLE "quizzes" ADD COLUMN "questions_per_attempt" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "generator" jsonb;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_questions_per_attempt_check" CHECK ("quizzes"."questions_per_attempt" is null or "quizzes"."questions_per_attempt" between 1 and 100);--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "keep_option_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "quiz_draws" (
	"user_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"draw_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"quiz_version" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"generated" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_draws_user_id_quiz_id_pk" PRIMARY KEY("user_id","quiz_id")
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_items_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_sessions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"correct" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_draws" ADD CONSTRAINT "quiz_draws_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sessions" ADD CONSTRAINT "review_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_user_due_idx" ON "review_items" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "review_answers_user_answered_idx" ON "review_answers" USING btree ("user_id","answered_at");
--> statement-breakpoint
-- Images a pending draw or review session shows keep their media from the sweeper (decision 022),
-- as the images of an attempt's snapshot do (migration 0008): the same kind of function and index.
CREATE OR REPLACE FUNCTION media_urls_in_questions(questions jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_path_query_array(questions, 'lax $[*].questionImage ? (@ != null)')
    || jsonb_path_query_array(questions, 'lax $[*].explanationImage ? (@ != null)')
    || jsonb_path_query_array(questions, 'lax $[*].options[*] ? (@.type == "image").value') $$;--> statement-breakpoint
CREATE INDEX "quiz_draws_media_idx" ON "quiz_draws" USING gin (media_urls_in_questions("questions")) WHERE media_urls_in_questions("questions") <> '[]'::jsonb;--> statement-breakpoint
CREATE INDEX "review_sessions_media_idx" ON "review_sessions" USING gin (media_urls_in_questions("questions")) WHERE media_urls_in_questions("questions") <> '[]'::jsonb;