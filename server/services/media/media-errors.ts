import { mediaMessages } from '../../../common/schemas/media.ts';
import { AppError, badRequest } from '../../errors.ts';

/** Refusals of a file, in the words the user sees; a failed job keeps the message as its reason. */
export const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);
export const unsupportedType = (message: string = mediaMessages.unsupportedType) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message);
export const unreadable = (message: string) => badRequest(message);
