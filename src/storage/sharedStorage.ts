/**
 * Shared storage (`SHARED_STORAGE_DIR`): the backend reads our output from its Transformer
 * directory by `fileRef`, a bare 32-hex file name. Files are written under a temporary name and
 * renamed, so the backend never sees a half-written file. A storage fault is an answer naming
 * its cause (507 when the disk is full, else 503), never a 500.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { ServiceError, type ErrorKind } from '../errors';

/** What each storage failure means, for the answer (the log keeps the full error). */
const CAUSES: Record<string, [kind: ErrorKind, cause: string]> = {
  ENOSPC: ['storage-full', 'the shared storage is full (ENOSPC)'],
  EDQUOT: ['storage-full', 'the shared storage quota is used up (EDQUOT)'],
  EROFS: ['unavailable', 'the shared storage is read-only (EROFS)'],
  EACCES: ['unavailable', 'the shared storage is not writable by this service (EACCES)'],
  EPERM: ['unavailable', 'the shared storage is not writable by this service (EPERM)'],
  ENOENT: ['unavailable', 'the shared storage directory is missing (ENOENT)'],
  ENOTDIR: ['unavailable', 'the shared storage path is not a directory (ENOTDIR)'],
  EIO: ['unavailable', 'the shared storage failed to write (EIO)'],
};

export function storageError(error: unknown): ServiceError {
  const code = (error as { code?: string }).code ?? 'unknown';
  const [kind, cause] = CAUSES[code] ?? ['unavailable', `the shared storage failed (${code})`];
  return new ServiceError(
    kind,
    `The export could not be stored: ${cause}.`,
    [{ path: 'SHARED_STORAGE_DIR', message: cause }],
    { retryAfterSeconds: 30 },
  );
}

export async function writeSharedFile(directory: string, bytes: Uint8Array): Promise<string> {
  const fileRef = randomUUID().replaceAll('-', '');
  const finalPath = path.join(directory, fileRef);
  const temporaryPath = path.join(directory, `.${fileRef}.partial`);
  try {
    await fs.writeFile(temporaryPath, bytes, { flag: 'wx' });
    await fs.rename(temporaryPath, finalPath);
  } catch (error) {
    await fs.rm(temporaryPath, { force: true }).catch(() => undefined);
    throw storageError(error);
  }
  return fileRef;
}

/** At start: the directory must exist and be writable, or the service does not start. */
export function assertUsableStorage(directory: string): void {
  let problem: string | null = null;
  try {
    if (!statSync(directory).isDirectory()) problem = 'is not a directory';
    else accessSync(directory, constants.W_OK);
  } catch (error) {
    const code = (error as { code?: string }).code;
    problem =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EACCES' || code === 'EROFS' || code === 'EPERM'
          ? `is not writable (${code})`
          : `cannot be used (${code})`;
  }
  if (problem)
    throw new Error(
      `SHARED_STORAGE_DIR "${directory}" ${problem}; create it (writable by this service) or unset SHARED_STORAGE_DIR.`,
    );
}
