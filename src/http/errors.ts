/**
 * The one error shape (DESIGN.md): `{code, error, details: [{path, message}]}`. Throw an
 * `HttpError` anywhere in the pipeline; the error handler answers it as is. Anything else is a
 * bug and becomes a 500.
 */
export interface ErrorDetail {
  /** Where: a JSON pointer into the request, a configuration field code, or a file:line:column. */
  path: string;
  message: string;
}

export interface ErrorBody {
  code: number;
  error: string;
  details: ErrorDetail[];
}

export class HttpError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Sent as Retry-After: an overload or shutdown the client may retry after. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, message: string, details: ErrorDetail[] = [], options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return { code: this.status, error: this.message, details: this.details };
  }

  /** Plain data, so an error raised in a worker thread survives the trip back. */
  static fromBody(body: ErrorBody): HttpError {
    return new HttpError(body.code, body.error, body.details);
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) => new HttpError(400, message, details);
