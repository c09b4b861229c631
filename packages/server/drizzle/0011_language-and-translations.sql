-- Hindi (issue 18, decision 034): the learner's language, and quizzes and questions in other
-- languages than English. Existing learners keep English, as everyone had so far.
ALTER TABLE "questions" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi'));
