-- A payment id activates or extends a plan exactly once (decision 020). Before this migration,
-- copies of one signed payment event arriving at once (each under another unsigned event-id
-- header) could each add a plan row: the first activated the plan and every copy extended it by
-- another 365 days. Each payment keeps its first row; that row gets back the end the copies had
-- pushed away (the last copy's end less 365 days per copy, or the last copy's end when a later
-- change replaced the plan, as that change then decided the end) and the last copy's
-- cancellation; the copies go. Then a unique index makes a second row for a payment impossible.
WITH copies AS (
  SELECT
    id,
    user_id,
    payment_reference,
    created_at,
    ends_at,
    cancelled_at,
    cancelled_by,
    row_number() OVER (PARTITION BY payment_reference ORDER BY created_at, id) AS n,
    count(*) OVER (PARTITION BY payment_reference) AS total
  FROM subscriptions
  WHERE payment_reference IS NOT NULL
),
last_copies AS (
  SELECT * FROM copies WHERE total > 1 AND n = total
),
first_rows AS (
  SELECT copies.id, last_copies.user_id, last_copies.total, last_copies.created_at AS last_created_at,
    last_copies.ends_at AS last_ends_at, last_copies.cancelled_at AS last_cancelled_at,
    last_copies.cancelled_by AS last_cancelled_by, copies.payment_reference
  FROM copies JOIN last_copies USING (payment_reference)
  WHERE copies.n = 1
)
UPDATE subscriptions
SET
  ends_at = CASE
    WHEN EXISTS (
      SELECT 1 FROM subscriptions later
      WHERE later.user_id = first_rows.user_id
        AND later.created_at > first_rows.last_created_at
        AND later.payment_reference IS DISTINCT FROM first_rows.payment_reference
    ) THEN first_rows.last_ends_at
    ELSE greatest(
      subscriptions.starts_at,
      first_rows.last_ends_at - (first_rows.total - 1) * interval '8760 hours'
    )
  END,
  cancelled_at = coalesce(subscriptions.cancelled_at, first_rows.last_cancelled_at),
  cancelled_by = CASE
    WHEN subscriptions.cancelled_at IS NULL THEN first_rows.last_cancelled_by
    ELSE subscriptions.cancelled_by
  END
FROM first_rows
WHERE subscriptions.id = first_rows.id;
--> statement-breakpoint
DELETE FROM subscriptions
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY payment_reference ORDER BY created_at, id) AS n
    FROM subscriptions
    WHERE payment_reference IS NOT NULL
  ) numbered
  WHERE n > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_payment_reference_unique" ON "subscriptions" USING btree ("payment_reference") WHERE "subscriptions"."payment_reference" is not null;
