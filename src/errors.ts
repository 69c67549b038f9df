/**
 * Typed errors thrown by services and routes. The error plugin (src/http/error-plugin.ts)
 * turns them into `{"error": message}` with their status; anything else is a 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'Invalid request') {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'You need to sign in first') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You are not allowed to do that') {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'The file is too large') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'This file type is not supported') {
    super(415, message);
  }
}

/** A well-formed request whose content cannot be used, e.g. an audio file with nothing playable in it. */
export class UnprocessableContentError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, message = 'Too many attempts. Please wait and try again.') {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

export class InsufficientStorageError extends HttpError {
  constructor(message = 'Storage quota reached. Please try again later.') {
    super(507, message);
  }
}
