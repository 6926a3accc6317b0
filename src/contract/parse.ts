/**
 * Request bytes -> JSON value, in a worker thread (parsing 60 MB would stall the event loop for a
 * second). A UTF-8 BOM is dropped, bytes that are not UTF-8 become U+FFFD, and every limit of
 * `assertWithinLimits` is checked by the validators that follow.
 */
import { badRequest } from '../http/errors';

const utf8 = new TextDecoder('utf-8');

export function parseJsonBody(bytes: Uint8Array): unknown {
  const text = utf8.decode(bytes);
  if (text.trim() === '') throw badRequest('The request body is empty; send the model as JSON.', [{ path: '/', message: 'empty body' }]);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`The request body is not valid JSON: ${message}.`, [{ path: '/', message }]);
  }
}
