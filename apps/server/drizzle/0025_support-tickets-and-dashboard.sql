ALTER TABLE "support_tickets" ADD COLUMN "number" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1);--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_uq" ON "support_tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "support_tickets_user_created_idx" ON "support_tickets" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "support_tickets"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_success_paid_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'SUCCESS';--> statement-breakpoint
CREATE INDEX "order_earnings_paid_idx" ON "order_earnings" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "payout_accounts_failed_idx" ON "payout_accounts" USING btree ("editor_id") WHERE "payout_accounts"."vendor_state" = 'failed';--> statement-breakpoint
CREATE INDEX "payout_adjustments_failed_idx" ON "payout_adjustments" USING btree ("created_at") WHERE "payout_adjustments"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "payout_settlements_failed_idx" ON "payout_settlements" USING btree ("created_at") WHERE "payout_settlements"."status" = 'FAILED' and "payout_settlements"."retried_at" is null;