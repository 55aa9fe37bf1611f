// On-disk image cache of the current account and the renderer's image route.
export { createAccountImages, type AccountImages, type AccountImagesOptions, type ImageAccount } from './account';
export {
  IMAGE_MAX_BYTES,
  ImageRefusedError,
  accountFolderName,
  cacheFileName,
  createImageCache,
  type CachedImage,
  type ImageCache,
  type ImageCacheOptions,
  type ImageSource,
} from './cache';
export { syncImagesHandler } from './handler';
export { imageRoutePath, isImageRoute, isSafePhotoPath, parseImageRoute, vendorImageUrl, type ImageKind } from './photoPath';
export { answerImageRequest, type ImageAnswer } from './route';
export { sniffImageType, type ImageContentType } from './signature';
