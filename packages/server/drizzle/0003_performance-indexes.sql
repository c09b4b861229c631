DROP INDEX "quizzes_created_idx";--> statement-breakpoint
CREATE INDEX "quizzes_live_created_idx" ON "quizzes" USING btree ("created_at") WHERE "quizzes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");