-- The learner's time zone (issue 16, decision 030): streaks and the daily goal count the learner's
-- own calendar days. Existing rows take the default, India's zone, as every learner had so far.
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;
