ALTER TABLE "dispute_evidence" DROP CONSTRAINT "dispute_evidence_one_kind";--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "file_bytes" integer;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_file_whole" CHECK (("dispute_evidence"."file_key" is null) = ("dispute_evidence"."file_type" is null) and ("dispute_evidence"."file_key" is null) = ("dispute_evidence"."file_bytes" is null) and ("dispute_evidence"."file_key" is null) = ("dispute_evidence"."file_sha256" is null));--> statement-breakpoint
ALTER TABLE "dispute_evidence" ADD CONSTRAINT "dispute_evidence_one_kind" CHECK (num_nonnulls("dispute_evidence"."message_id", "dispute_evidence"."delivery_id", "dispute_evidence"."file_key") = 1);