/**
 * Shared-storage faults an operator must be able to act on: the answer names the cause (full,
 * quota, read-only, not writable, missing, not a directory, I/O) with 507 for "no space" and 503
 * otherwise, points at SHARED_STORAGE_DIR and invites a retry; a directory that cannot be used
 * stops the start with a message saying why; a file planted under the temporary name is never
 * written through.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertUsableStorage, storageError, writeSharedFile } from '../../src/storage/sharedStorage';
import { statusOf } from '../../src/http/errors';

const systemError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('storageError', () => {
  it.each([
    ['ENOSPC', 507, /full/],
    ['EDQUOT', 507, /quota is used up/],
    ['EROFS', 503, /read-only/],
    ['EACCES', 503, /not writable by this service/],
    ['EPERM', 503, /not writable by this service/],
    ['ENOENT', 503, /directory is missing/],
    ['ENOTDIR', 503, /not a directory/],
    ['EIO', 503, /failed to write/],
    ['EMFILE', 503, /failed/],
  ])('answers %s with %i, naming the cause at SHARED_STORAGE_DIR and asking for a retry', (code, status, cause) => {
    const error = storageError(systemError(code));
    expect(statusOf(error)).toBe(status);
    expect(error.message).toMatch(/^The export could not be stored: /);
    expect(error.message).toMatch(cause);
    expect(error.message).toContain(`(${code})`);
    expect(error.details).toEqual([{ path: 'SHARED_STORAGE_DIR', message: expect.stringMatching(cause) }]);
    expect(error.details[0].message).toContain(`(${code})`);
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('says "unknown" for an error without a system code, still as a retryable 503', () => {
    const error = storageError(new Error('something odd'));
    expect(statusOf(error)).toBe(503);
    expect(error.message).toBe('The export could not be stored: the shared storage failed (unknown).');
    expect(error.retryAfterSeconds).toBe(30);
  });
});

describe('assertUsableStorage', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-storage-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('accepts a writable directory', () => {
    expect(() => assertUsableStorage(directory)).not.toThrow();
  });

  it('refuses a missing directory, a file, and a path through a file, saying which and how to fix it', () => {
    const missing = path.join(directory, 'absent');
    expect(() => assertUsableStorage(missing)).toThrow(
      `SHARED_STORAGE_DIR "${missing}" does not exist; create it (writable by this service) or unset SHARED_STORAGE_DIR.`,
    );
    const file = path.join(directory, 'a-file');
    fs.writeFileSync(file, '');
    expect(() => assertUsableStorage(file)).toThrow(`SHARED_STORAGE_DIR "${file}" is not a directory;`);
    expect(() => assertUsableStorage(path.join(file, 'below'))).toThrow(/" cannot be used \(ENOTDIR\); create it/);
  });

  // The service runs as root here, which may write anywhere: the kernel's refusals are simulated.
  it.each(['EACCES', 'EROFS', 'EPERM'])('refuses a directory it may not write to (%s)', (code) => {
    const access = jest.spyOn(fs, 'accessSync').mockImplementation(() => {
      throw systemError(code);
    });
    expect(() => assertUsableStorage(directory)).toThrow(
      `SHARED_STORAGE_DIR "${directory}" is not writable (${code}); create it`,
    );
    expect(access).toHaveBeenCalledWith(directory, fs.constants.W_OK);
  });

  it('refuses a directory whose check fails otherwise, naming the code', () => {
    jest.spyOn(fs, 'accessSync').mockImplementation(() => {
      throw systemError('EIO');
    });
    expect(() => assertUsableStorage(directory)).toThrow(/" cannot be used \(EIO\); create it/);
  });
});

describe('writeSharedFile and a planted temporary file', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-storage-'));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  it('does not write through a link someone put under the temporary name, and fails as a 503', async () => {
    const fileRef = '0123456789abcdef0123456789abcdef';
    jest.spyOn(crypto, 'randomUUID').mockReturnValue('01234567-89ab-cdef-0123-456789abcdef');
    const victim = path.join(directory, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    fs.symlinkSync(victim, path.join(directory, `.${fileRef}.partial`));

    await expect(writeSharedFile(directory, new Uint8Array(Buffer.from('export bytes')))).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('(EEXIST)'),
    });
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(fs.existsSync(path.join(directory, fileRef))).toBe(false);
  });
});
