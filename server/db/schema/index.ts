export * from './auth.ts';
export * from './creators.ts';
export * from './media.ts';
export * from './payments.ts';
export * from './users.ts';
