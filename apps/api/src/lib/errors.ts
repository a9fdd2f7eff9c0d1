import { errorCodeOf, type ErrorCode, type ErrorMessage } from '@lede/shared';

export interface FieldError {
  path: string;
  message: string;
}

type Details = Record<string, unknown>;

/**
 * The one error type the API throws on purpose; the error middleware answers it as JSON
 * `{ message, code, ...details }`. A fixed message brings its own code (packages/shared
 * ERROR_MESSAGES); a message that varies (a field's, the upload parser's) names its code.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: Details;

  constructor(status: number, message: ErrorMessage, details?: Details);
  constructor(status: number, message: string, details: Details, code: ErrorCode);
  constructor(
    readonly status: number,
    message: string,
    details: Details = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.details = details;
    this.code = code ?? errorCodeOf(message as ErrorMessage);
  }

  static badRequest(message: ErrorMessage, details?: Details) {
    return new ApiError(400, message, details);
  }
  static unauthorized(message: ErrorMessage, details?: Details) {
    return new ApiError(401, message, details);
  }
  static forbidden(message: ErrorMessage, details?: Details) {
    return new ApiError(403, message, details);
  }
  static notFound(message: ErrorMessage) {
    return new ApiError(404, message);
  }
  static conflict(message: ErrorMessage) {
    return new ApiError(409, message);
  }
  static tooManyRequests(message: ErrorMessage, details?: Details) {
    return new ApiError(429, message, details);
  }
  static unavailable(message: ErrorMessage) {
    return new ApiError(503, message);
  }
}
