export * from './auth.ts';
export * from './creators.ts';
export * from './users.ts';
