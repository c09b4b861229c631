CREATE TABLE "certificate_revocations" (
	"list_id" integer NOT NULL,
	"status_index" integer NOT NULL,
	"certificate_id" uuid,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"revoked_by" uuid,
	CONSTRAINT "certificate_revocations_list_id_status_index_pk" PRIMARY KEY("list_id","status_index")
);
--> statement-breakpoint
CREATE TABLE "credential_status_entries" (
	"list_id" integer NOT NULL,
	"status_index" integer NOT NULL,
	"certificate_id" uuid,
	"credential_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_entries_list_id_status_index_pk" PRIMARY KEY("list_id","status_index"),
	CONSTRAINT "credential_status_entries_list_check" CHECK ("credential_status_entries"."list_id" >= 1),
	CONSTRAINT "credential_status_entries_index_check" CHECK ("credential_status_entries"."status_index" >= 0 and "credential_status_entries"."status_index" < 131072)
);
--> statement-breakpoint
ALTER TABLE "certificate_revocations" ADD CONSTRAINT "certificate_revocations_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_revocations" ADD CONSTRAINT "certificate_revocations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_revocations" ADD CONSTRAINT "certificate_revocations_entry_fk" FOREIGN KEY ("list_id","status_index") REFERENCES "public"."credential_status_entries"("list_id","status_index") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_status_entries" ADD CONSTRAINT "credential_status_entries_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_revocations_certificate_unique" ON "certificate_revocations" USING btree ("certificate_id");--> statement-breakpoint
CREATE INDEX "certificate_revocations_revoked_by_idx" ON "certificate_revocations" USING btree ("revoked_by") WHERE "certificate_revocations"."revoked_by" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_entries_certificate_unique" ON "credential_status_entries" USING btree ("certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credential_status_entries_credential_unique" ON "credential_status_entries" USING btree ("credential_id");