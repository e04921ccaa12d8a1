export * from './limits';
export * from './roles';
export * from './support';
export * from './portfolio';
export * from './price';
export * from './site';
export * from './auth';
