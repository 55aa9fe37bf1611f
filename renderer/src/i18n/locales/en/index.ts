export { common } from './common';
