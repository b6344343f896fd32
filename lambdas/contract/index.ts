export * from './limits.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './text.ts';
export type * from './types.ts';
