import { limits } from '../limits.ts';
import { processingMessage } from './processing-message.ts';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
/** 2 MB -> '2MB', 2 GiB -> '2GB': the spec's spelling. */
const sizeLabel = (bytes: number) =>
  bytes >= GB && bytes % GB === 0 ? `${bytes / GB}GB` : `${Math.round((bytes / MB) * 10) / 10}MB`;

export { processingMessage } from './processing-message.ts';

/** The wording users see; the spec's own for profile and property images (sections 5 and 8). */
export const mediaMessages = {
  selectImage: 'Please select an image file',
  selectIdentityDocument: 'Please select a PDF, JPEG or PNG file',
  unsupportedType: 'Unsupported file type',
  tooLarge: (maxBytes: number) => `File size must be less than ${sizeLabel(maxBytes)}`,
  profileTooLarge: `File size must be less than ${sizeLabel(limits.profileImageMaxBytes)}`,
  propertyTooLarge: `File size must be less than ${sizeLabel(limits.propertyImageMaxBytes)}`,
  imageTooManyPixels: 'Image dimensions are too large',
  unreadableImage: 'The image could not be read',
  unreadableVideo: 'The video could not be read',
  unreadableDocument: 'The document could not be read',
  documentActiveContent:
    'This PDF contains scripts or attached files. Please upload a plain PDF, JPEG or PNG',
  deleted: 'Image deleted successfully',
  deleteFailed: 'Failed to delete image',
  processing: processingMessage,
  notFound: 'Media not found',
  linkInvalid: 'This link is invalid or has expired',
  uploadFailed: 'The upload could not be completed',
  uploadMalformed: 'The upload was cut off or malformed. Please try again',
  tooManyUploads: 'Too many uploads. Please try again later',
} as const;
