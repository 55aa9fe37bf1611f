export * from './wire';
export * from './hospitality';
export * from './catalog';
