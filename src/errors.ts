/**
 * The one error the layers below HTTP throw: what kind of problem it is, a sentence a person can
 * act on, and where (`details`). It knows no status code: `http/errors.ts` maps each kind to one,
 * and the CLI prints the same errors as lines. Anything else thrown is a bug.
 */

/**
 * What went wrong, as the caller can act on it:
 * - `bad-request`: the input is wrong (a field, a file, an option); fix it and send again;
 * - `not-found`: what was asked for does not exist here (a disabled import, say);
 * - `too-large`: the input is over a size or memory limit;
 * - `unprocessable`: the input is well-formed but cannot become this output (too many answers for a
 *   document, no contact e-mail for an RDA file, a layout over its budget);
 * - `unavailable`: busy, stopping, or a dependency is down; retry later (`retryAfterSeconds`);
 * - `storage-full`: the shared storage has no room for the output;
 * - `internal`: our bug.
 */
export type ErrorKind =
  'bad-request' | 'not-found' | 'too-large' | 'unprocessable' | 'unavailable' | 'storage-full' | 'internal';

export interface ErrorDetail {
  /** Where: a JSON pointer into the request, a configuration field code, or a file:line:column. */
  path: string;
  message: string;
}

/** An error as plain data, so it survives the trip back from a worker thread. */
export interface ErrorData {
  kind: ErrorKind;
  message: string;
  details: ErrorDetail[];
  retryAfterSeconds?: number;
}

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly details: ErrorDetail[];
  /** A problem the caller may retry after this many seconds (`unavailable`). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    details: ErrorDetail[] = [],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ServiceError';
    this.kind = kind;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toData(): ErrorData {
    return {
      kind: this.kind,
      message: this.message,
      details: this.details,
      ...(this.retryAfterSeconds !== undefined && { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }

  static fromData(data: ErrorData): ServiceError {
    return new ServiceError(data.kind, data.message, data.details, { retryAfterSeconds: data.retryAfterSeconds });
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) =>
  new ServiceError('bad-request', message, details);
