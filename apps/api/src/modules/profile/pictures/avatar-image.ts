import sharp, { type Metadata } from 'sharp';
import { MESSAGES } from '@lede/shared';
import { ApiError } from '../../../lib/errors.js';

export const AVATAR_SIZE = 256;
export const AVATAR_CONTENT_TYPE = 'image/webp';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Refuses decompression bombs: a 5 MB file can still claim billions of pixels. */
const MAX_INPUT_PIXELS = 64_000_000;

/** Any common image, checked by its real content, as a square webp avatar (centre-cropped). */
export async function toAvatar(upload: Buffer): Promise<Buffer> {
  let metadata: Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw ApiError.badRequest(MESSAGES.profile.onlyImages);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format))
    throw ApiError.badRequest(MESSAGES.profile.onlyImages);
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_INPUT_PIXELS) {
    throw ApiError.badRequest(MESSAGES.profile.imageTooLarge);
  }
  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // A valid header followed by truncated or corrupt data.
    throw ApiError.badRequest(MESSAGES.profile.onlyImages);
  }
}
