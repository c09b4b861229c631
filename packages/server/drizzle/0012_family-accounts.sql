-- Family accounts (issue 19, decision 035): a users row is a learner; the account holder's row
-- (account_id = id) is also the account (e-mail, password, consent, token version, PIN, digest).
-- Added children point at it and have no sign-in of their own. Attempts keep when the quiz was
-- opened (the parent's report counts minutes); a job table and the digests sent make the weekly
-- digest run once across instances.
-- Migration 0011 was journalled with a timestamp before 0010's, so a database migrated to 0010
-- before it landed skips it (drizzle runs only entries newer than the last applied one). Its
-- changes are made again here, each only where missing; this entry's timestamp is after 0010's.
ALTER TABLE "questions" ADD COLUMN IF NOT EXISTS "translations" jsonb;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN IF NOT EXISTS "translations" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'users_language_check') THEN
    ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi'));
  END IF;
END
$$;--> statement-breakpoint
CREATE TABLE "digest_sends" (
	"account_id" uuid NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digest_sends_account_id_period_pk" PRIMARY KEY("account_id","period")
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "scheduled_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attempts" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_id" uuid;--> statement-breakpoint
-- Every existing user becomes an account holding one learner: itself (admins too, with none in use).
UPDATE "users" SET "account_id" = "id";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
-- A row inserted without an account is an account of its own (sign-up, the admin bootstrap).
CREATE FUNCTION users_own_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.account_id := coalesce(NEW.account_id, NEW.id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_own_account BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION users_own_account();--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_sends" ADD CONSTRAINT "digest_sends_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_holder_check" CHECK (("users"."id" = "users"."account_id" and "users"."email" is not null and "users"."password_hash" is not null) or ("users"."id" <> "users"."account_id" and "users"."email" is null and "users"."password_hash" is null));