/** An uploaded file, as a `FileEnvelopeModel` carries it to the import endpoints. */
import { badRequest, ServiceError } from '../errors';

/** The largest file we read, decoded. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * The JSON inside a `FileEnvelopeModel` body (base64 bytes), for an importer of `formatName` files
 * ("RDA maDMP JSON"). Too large past MAX_IMPORT_BYTES; a bad request when the bytes are missing,
 * not UTF-8 or not JSON.
 */
export function parseEnvelopeJson(envelope: unknown, formatName: string): unknown {
  const file = (envelope as { file?: unknown } | null)?.file;
  if (typeof file !== 'string' || file.trim() === '') {
    throw badRequest('The upload has no file content: "file" must hold the base64 bytes of the JSON file.', [
      { path: '/file', message: 'must be the file bytes, base64-encoded' },
    ]);
  }
  const base64 = file.replace(/\s+/g, '');
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > MAX_IMPORT_BYTES) {
    throw new ServiceError(
      'too-large',
      `The file is too large to import (${(size / 1048576).toFixed(1)} MB; at most 20 MB).`,
      [{ path: '/file', message: `must be at most ${MAX_IMPORT_BYTES} bytes` }],
    );
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw badRequest('The upload is not base64-encoded.', [{ path: '/file', message: 'must be base64' }]);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    throw badRequest(`The file is not UTF-8 text, so it cannot be ${formatName}.`, [
      { path: '/file', message: 'must be UTF-8 JSON' },
    ]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw badRequest(`The file is not JSON: ${(error as Error).message}.`, [
      { path: '/file', message: 'must be a JSON document' },
    ]);
  }
}
