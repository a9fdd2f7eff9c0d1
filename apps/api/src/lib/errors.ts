export interface FieldError {
  path: string;
  message: string;
}

/** The one error type the API throws on purpose; the error middleware turns it into JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static badRequest(message: string, details?: Record<string, unknown>) {
    return new ApiError(400, message, details);
  }
  static unauthorized(message: string, details?: Record<string, unknown>) {
    return new ApiError(401, message, details);
  }
  static forbidden(message: string, details?: Record<string, unknown>) {
    return new ApiError(403, message, details);
  }
  static notFound(message: string) {
    return new ApiError(404, message);
  }
  static conflict(message: string) {
    return new ApiError(409, message);
  }
  static tooManyRequests(message: string, details?: Record<string, unknown>) {
    return new ApiError(429, message, details);
  }
  static unavailable(message: string) {
    return new ApiError(503, message);
  }
}
