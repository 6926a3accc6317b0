/**
 * Request bytes -> JSON value, in a worker thread (parsing 60 MB would stall the event loop for a
 * second). A UTF-8 BOM is dropped, bytes that are not UTF-8 become U+FFFD, and every limit of
 * `assertWithinLimits` is checked by the validators that follow.
 */
import { badRequest } from '../errors';

export function parseJsonBody(bytes: Uint8Array): unknown {
  // Buffer's decoder: the same U+FFFD replacement as TextDecoder, 3x faster on a 4 MB body.
  const decoded = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (text.trim() === '')
    throw badRequest('The request body is empty; send the model as JSON.', [{ path: '/', message: 'empty body' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`The request body is not valid JSON: ${message}.`, [{ path: '/', message }]);
  }
}
