/**
 * Reads a JSON request body as raw bytes, bounded before it is trusted: a declared length over
 * MAX_BODY_MB is refused before a byte is read, a streamed (or decompressed) body is cut at the
 * limit, and the bytes all requests hold at once stay within MAX_BYTES_IN_FLIGHT_MB (over it:
 * 503 with Retry-After, never an out-of-memory death). Parsing happens in a worker thread, so
 * the event loop only ever copies bytes.
 */
import type { Request, RequestHandler, Response } from 'express';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { HttpError } from './errors';

export interface BodyLimits {
  maxBodyBytes: number;
  /** Budget of body bytes held by all requests of this process together. */
  maxBytesInFlight: number;
}

/** Seconds a client is asked to wait when the process is busy. */
export const RETRY_AFTER_SECONDS = 5;
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/**
 * Bytes held by request bodies now; released when each answer is sent or the client goes away.
 * Also knows the bodies still being read, so shutdown can end them at once.
 */
export class BytesInFlight {
  used = 0;
  private readonly reading = new Set<() => void>();
  constructor(readonly budget: number) {}

  /** Shutdown: every body still arriving is answered 503 now, not waited for. */
  abortReads(): void {
    for (const abort of this.reading) abort();
  }

  /** Reserves `bytes`, or returns false when that would pass the budget. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.budget) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  track(abort: () => void): void {
    this.reading.add(abort);
  }

  untrack(abort: () => void): void {
    this.reading.delete(abort);
  }
}

const JSON_TYPES = ['application/json', 'application/*+json'];

/** How long, and how many bytes, a refused body is still read and discarded before the socket closes. */
const LINGER_MS = 2000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Refusals sent before the body was read close the connection: the rest of a 10 GB upload is not
 * worth reading just to keep the socket. Closing a socket with unread bytes makes the kernel
 * send a reset, which can destroy the answer before the client reads it; so the socket is
 * half-closed after the answer, and what still arrives is discarded for a moment (a lingering
 * close, as HTTP servers do), bounded in time and bytes.
 */
function closeAfterAnswer(req: Request, res: Response): void {
  if (res.getHeader('Connection') === 'close') return;
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  socket.destroySoon = function halfClose(this: typeof socket) {
    this.end();
    return this;
  } as typeof socket.destroySoon;
  let discarded = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  req.unpipe();
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) socket.destroy();
  });
  req.resume();
}

/**
 * For every route: a declared body far over MAX_BODY_MB (multipart previews carry a template
 * besides the plan, hence the margin) is refused before a byte is read.
 */
export function declaredLengthGuard(maxBodyBytes: number): RequestHandler {
  const limit = maxBodyBytes + 32 * MB;
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      throw refuseEarly(
        req,
        res,
        new HttpError(
          413,
          `The request body is declared as ${megabytes(declared)}, more than the limit of ${megabytes(maxBodyBytes)} (MAX_BODY_MB).`,
          [{ path: '', message: `at most ${megabytes(maxBodyBytes)}` }],
        ),
      );
    }
    next();
  };
}

function refuseEarly(req: Request, res: Response, error: HttpError): HttpError {
  closeAfterAnswer(req, res);
  return error;
}

export const busy = (what: string) =>
  new HttpError(503, `The service is busy (${what}); retry in a moment.`, [{ path: '', message: what }], {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });

function decoderFor(encoding: string): Transform | null | undefined {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * Middleware: `req.body` becomes the body's bytes, in a SharedArrayBuffer a worker thread reads
 * without a copy. `isShuttingDown` refuses new bodies once SIGTERM came.
 */
export function rawJsonBody(
  limits: BodyLimits,
  inFlight: BytesInFlight,
  isShuttingDown: () => boolean,
): RequestHandler {
  return (req, res, next) => {
    if (isShuttingDown()) throw refuseEarly(req, res, busy('shutting down'));
    if (!req.is(JSON_TYPES)) {
      throw refuseEarly(
        req,
        res,
        new HttpError(415, 'The request body must be JSON (Content-Type: application/json).', [
          { path: 'Content-Type', message: `got "${req.headers['content-type'] ?? 'none'}"` },
        ]),
      );
    }
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (charset && charset !== 'utf-8' && charset !== 'utf8') {
      throw refuseEarly(
        req,
        res,
        new HttpError(415, `The request body must be UTF-8 JSON, not ${charset}.`, [
          { path: 'Content-Type', message: `charset ${charset} is not supported` },
        ]),
      );
    }
    const encoding = String(req.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    const decoder = decoderFor(encoding);
    if (decoder === undefined) {
      throw refuseEarly(
        req,
        res,
        new HttpError(
          415,
          `The Content-Encoding "${encoding}" is not supported; send the body as is, or gzip, deflate or br.`,
          [{ path: 'Content-Encoding', message: 'must be identity, gzip, deflate or br' }],
        ),
      );
    }
    const tooLarge = (size: string) =>
      new HttpError(
        413,
        `The request body is ${size}, more than the limit of ${megabytes(limits.maxBodyBytes)} (MAX_BODY_MB).`,
        [{ path: '', message: `at most ${megabytes(limits.maxBodyBytes)}` }],
      );
    const declared = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
    if (declared !== null && declared > limits.maxBodyBytes)
      throw refuseEarly(req, res, tooLarge(`declared as ${megabytes(declared)}`));

    // The declared length is reserved at once; a body of unknown length reserves as it arrives.
    let reserved = 0;
    const reserve = (bytes: number) => {
      if (!inFlight.take(bytes)) return false;
      reserved += bytes;
      return true;
    };
    if (declared !== null && !reserve(declared))
      throw refuseEarly(
        req,
        res,
        busy(`${megabytes(inFlight.used)} of request bodies are being read (MAX_BYTES_IN_FLIGHT_MB)`),
      );
    res.once('close', () => inFlight.give(reserved));

    // A decompressed body is held at its inflated size, so it reserves as it inflates.
    const reservedUpfront = declared !== null && decoder === null;
    const reading = readBody(
      req,
      decoder,
      declared,
      limits.maxBodyBytes,
      (received) => reservedUpfront || reserve(received),
      (abort) => {
        inFlight.track(abort);
        res.once('close', () => inFlight.untrack(abort));
      },
    );
    reading.then(
      (bytes) => {
        req.body = bytes;
        next();
      },
      (error: unknown) => {
        closeAfterAnswer(req, res);
        if (!(error instanceof BodyError)) return next(error);
        if (error.kind === 'too-large') next(tooLarge('larger'));
        else if (error.kind === 'busy')
          next(busy(`${megabytes(inFlight.used)} of request bodies are being read (MAX_BYTES_IN_FLIGHT_MB)`));
        else if (error.kind === 'shutdown') next(busy('shutting down'));
        else next(error.http);
      },
    );
  };
}

class BodyError extends Error {
  constructor(
    readonly kind: 'too-large' | 'busy' | 'shutdown' | 'bad',
    readonly http: HttpError | null = null,
  ) {
    super(kind);
  }
}

/**
 * Collects the body (decompressed when `decoder` is given), failing as soon as it passes `limit`
 * or `admit` refuses more bytes. The request is paused on failure, not drained.
 */
function readBody(
  req: Request,
  decoder: Transform | null,
  declared: number | null,
  limit: number,
  admit: (bytes: number) => boolean,
  onAbortable: (abort: () => void) => void,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let raw = 0;
    let settled = false;
    const fail = (error: BodyError) => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      req.unpipe();
      req.pause();
      decoder?.destroy();
      reject(error);
    };
    onAbortable(() => fail(new BodyError('shutdown')));
    const source: NodeJS.ReadableStream = decoder ?? req;
    if (decoder) {
      req.on('data', (chunk: Buffer) => {
        raw += chunk.length;
        if (raw > limit) fail(new BodyError('too-large'));
      });
      req.pipe(decoder);
      decoder.on('error', (error) =>
        fail(
          new BodyError(
            'bad',
            new HttpError(
              400,
              `The request body is not valid ${String(req.headers['content-encoding'])} data: ${error.message}.`,
              [{ path: 'Content-Encoding', message: error.message }],
            ),
          ),
        ),
      );
    }
    // A declared length is read straight into shared memory: the worker thread reads the same
    // bytes, and no 60 MB copy ever blocks the event loop.
    let target: Uint8Array | null =
      declared !== null && !decoder ? new Uint8Array(new SharedArrayBuffer(declared)) : null;
    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (size + chunk.length > limit) return fail(new BodyError('too-large'));
      if (!admit(chunk.length)) return fail(new BodyError('busy'));
      if (target && size + chunk.length <= target.length) target.set(chunk, size);
      else {
        // More bytes than declared (Node stops at Content-Length, so only a decoded body): collect them.
        if (target) chunks.push(Buffer.from(target.subarray(0, size)));
        target = null;
        chunks.push(chunk);
      }
      size += chunk.length;
    });
    source.on('end', () => {
      if (settled) return;
      settled = true;
      if (target) return resolve(target.subarray(0, size));
      const body = new Uint8Array(new SharedArrayBuffer(size));
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      resolve(body);
    });
    req.on('aborted', () =>
      fail(
        new BodyError('bad', new HttpError(400, 'The request body was incomplete: the client closed the connection.')),
      ),
    );
    req.on('error', (error) =>
      fail(new BodyError('bad', new HttpError(400, `The request body was incomplete: ${error.message}.`))),
    );
  });
}
