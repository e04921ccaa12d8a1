// One file per module; each later module adds its tables here and a migration with `npm run db:generate -w apps/server`.
export * from './users';
export * from './support';
export * from './portfolio';
export * from './jobs';
export * from './chat';
export * from './payments';
export * from './deliveries';
export * from './orders';
export * from './moderation';
export * from './notifications';
export * from './reviews';
export * from './payouts';
export * from './disputes';
export * from './tax';
export * from './invoices';
export * from './order-files';
