export { MissingToolError, UnusableMediaError } from './errors';
export { makeImagePreview, type ImagePreview } from './image';
export { makeVideoPreview, videoPreviewSupport, type VideoPreview, type VideoSupport } from './video';
