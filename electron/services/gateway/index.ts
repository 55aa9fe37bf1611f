export * from './client';
export * from './errors';
export * from './limiter';
export * from './pagination';
export { MAX_REQUEST_BYTES } from './transport';
export { fetchSyncPages } from './syncPages';
