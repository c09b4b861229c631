-- The title as attempted, beside the snapshot: the history page reads this short column instead of
-- detoasting each row's whole snapshot (decision 016). Generated and stored: existing rows are
-- filled as the table is rewritten, and every later write keeps it equal to the snapshot's title.
ALTER TABLE "attempts" ADD COLUMN "quiz_title" text GENERATED ALWAYS AS (snapshot->>'title') STORED NOT NULL;