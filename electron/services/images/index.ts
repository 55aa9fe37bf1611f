// On-disk image cache of the current account and the renderer's image route.
export { createAccountImages } from './account';
export { createImageCache, type ImageCache, type ImageSource } from './cache';
export { syncImagesHandler } from './handler';
export { imageRoutePath, isImageRoute } from './photoPath';
export { answerImageRequest } from './route';
