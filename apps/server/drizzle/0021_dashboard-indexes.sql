CREATE INDEX "payments_success_paid_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'SUCCESS';--> statement-breakpoint
CREATE INDEX "order_earnings_paid_idx" ON "order_earnings" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payout_accounts_failed_idx" ON "payout_accounts" USING btree ("editor_id") WHERE "payout_accounts"."vendor_state" = 'failed';--> statement-breakpoint
CREATE INDEX "payout_adjustments_failed_idx" ON "payout_adjustments" USING btree ("created_at") WHERE "payout_adjustments"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "payout_settlements_failed_idx" ON "payout_settlements" USING btree ("created_at") WHERE "payout_settlements"."status" = 'FAILED' and "payout_settlements"."retried_at" is null;