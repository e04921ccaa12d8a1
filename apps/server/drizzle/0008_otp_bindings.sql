ALTER TABLE "otps" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "reset_token_hash" text;