export * from './operations';
export * from './result';
export * from './errorCodes';
export * from './schemas';
export type * from './api';
export * from './delivery';
export * from './queue';
export * from './context';
