import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The app's tables, and the payment simulator's own tables beside the simulator.
  schema: ['./src/db/schema/index.ts', './src/modules/payments/gateway/simulator-tables.ts'],
  out: './drizzle',
});
