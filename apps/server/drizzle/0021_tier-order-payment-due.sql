ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_due_at" timestamp with time zone;--> statement-breakpoint
-- Tier orders already waiting for payment held their price forever: each now lapses 24 hours (the default
-- of TIER_ORDER_PAYMENT_HOURS) after it was placed, by its lapse job (ORDER_JOBS.tierPaymentLapse, that
-- kind's 10 attempts); one placed longer ago lapses as soon as the server runs the job.
UPDATE "orders" SET "payment_due_at" = "created_at" + interval '24 hours'
WHERE "source" = 'tier' AND "status" = 'awaiting_payment' AND "payment_id" IS NULL;
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "max_attempts", "run_after")
SELECT 'order.tier-payment-lapse', jsonb_build_object('orderId', "id"), 10, "payment_due_at"
FROM "orders"
WHERE "source" = 'tier' AND "status" = 'awaiting_payment' AND "payment_id" IS NULL;
