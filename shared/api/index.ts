export * from './wire';
export * from './hospitality';
