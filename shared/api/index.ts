export * from './wire';
export * from './hospitality';
export * from './catalog';
export * from './send';
export * from './catalogWrite';
export * from './v2';
export * from './flow';
export * from './loyalty';
