/**
 * Shared storage (`SHARED_STORAGE_DIR`): the backend reads our output from its Transformer
 * directory by `fileRef`, a bare 32-hex file name. Files are written under a temporary name and
 * renamed, so the backend never sees a half-written file.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function writeSharedFile(directory: string, bytes: Uint8Array): Promise<string> {
  const fileRef = randomUUID().replaceAll('-', '');
  const finalPath = path.join(directory, fileRef);
  const temporaryPath = path.join(directory, `.${fileRef}.partial`);
  try {
    await fs.writeFile(temporaryPath, bytes, { flag: 'wx' });
    await fs.rename(temporaryPath, finalPath);
  } catch (error) {
    await fs.rm(temporaryPath, { force: true });
    throw error;
  }
  return fileRef;
}
