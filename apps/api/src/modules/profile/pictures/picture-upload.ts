import type { RequestHandler } from 'express';
import multer from 'multer';
import { MESSAGES, PROFILE_PICTURE_MAX_BYTES } from '@lede/shared';
import { ApiError } from '../../../lib/errors.js';

export const PICTURE_FIELD = 'file';

const parseMultipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 },
}).single(PICTURE_FIELD);

/** Reads one multipart file into memory (req.file); too big is 413, any other multipart problem 400. */
export const receivePicture: RequestHandler = (req, res, next) => {
  parseMultipart(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
      return next(new ApiError(413, MESSAGES.profile.maxFileSize));
    }
    // Everything else multer reports is about the request itself (wrong field, broken form).
    next(
      err instanceof multer.MulterError
        ? new ApiError(400, err.message, {}, 'INVALID_UPLOAD')
        : ApiError.badRequest(MESSAGES.validation.invalidInput),
    );
  });
};
