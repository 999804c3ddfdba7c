import { MAX_IMAGE_PIXELS } from '../../contracts/files';
import { SERVER_MSG } from '../../contracts/messages';
import { ApiError } from '../api-error';
import { type DetectedType, detectType } from './detect-type';
import { jpegDimensions, pngDimensions } from './image-dimensions';

/** Size (413), type by magic bytes (415) and pixel count (422), in that order. */
export function checkUpload(bytes: Uint8Array, maxUploadMb: number): DetectedType {
  if (bytes.length > maxUploadMb * 1024 * 1024) throw new ApiError(413, SERVER_MSG.fileTooLarge(maxUploadMb));
  if (bytes.length === 0) throw new ApiError(400, SERVER_MSG.fileMissing);
  const type = detectType(bytes);
  if (!type) throw new ApiError(415, SERVER_MSG.fileTypeNotAllowed);
  if (type.mime !== 'application/pdf') {
    const dims = type.mime === 'image/png' ? pngDimensions(bytes) : jpegDimensions(bytes);
    if (!dims || dims.width === 0 || dims.height === 0) throw new ApiError(415, SERVER_MSG.fileTypeNotAllowed);
    if (dims.width * dims.height > MAX_IMAGE_PIXELS) throw new ApiError(422, SERVER_MSG.imageTooLarge);
  }
  return type;
}
