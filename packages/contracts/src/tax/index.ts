export * from './identifiers';
export * from './states';
export * from './profile';
export * from './documents';
export * from './periods';
export * from './reports';
export * from './indian-money';
