export * from './limits';
export * from './roles';
export * from './support';
export * from './portfolio';
export * from './site';
