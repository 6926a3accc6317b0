/**
 * The one error shape on the wire: `{code, error, details: [{path, message}]}` (docs/development/architecture.md).
 * The layers below throw `ServiceError`s, which know a kind but no status: this is where a kind
 * becomes a status. `HttpError` is for what only HTTP can get wrong (a method, a media type, a
 * token). Anything else is a bug and becomes a 500.
 */
import { ServiceError, type ErrorDetail, type ErrorKind } from '../errors';

export type { ErrorDetail } from '../errors';

export interface ErrorBody {
  code: number;
  error: string;
  details: ErrorDetail[];
}

const STATUS_OF_KIND: Record<ErrorKind, number> = {
  'bad-request': 400,
  'not-found': 404,
  'too-large': 413,
  unprocessable: 422,
  unavailable: 503,
  'storage-full': 507,
  internal: 500,
};

export class HttpError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  /** Sent as Retry-After: an overload or shutdown the client may retry after. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    details: ErrorDetail[] = [],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return { code: this.status, error: this.message, details: this.details };
  }

  /** A service error as HTTP answers it. */
  static of(error: ServiceError): HttpError {
    return new HttpError(STATUS_OF_KIND[error.kind], error.message, error.details, {
      retryAfterSeconds: error.retryAfterSeconds,
    });
  }
}

/** The HTTP answer to an error we know (a ServiceError or an HttpError); null for a bug. */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof ServiceError) return HttpError.of(error);
  return null;
}

/** The status an error is answered with: its kind's, or 500 for a bug. */
export const statusOf = (error: unknown): number => httpErrorOf(error)?.status ?? 500;
