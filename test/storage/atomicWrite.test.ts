/**
 * Shared storage: the backend picks our file up by its `fileRef` as soon as it gets the answer,
 * and may list the directory at any time, so a file must appear under its final name complete,
 * never half written, and a failed write leaves nothing behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeSharedFile } from '../../src/storage/sharedStorage';
import { watchDirectory } from '../helpers/directoryWatch';

describe('writeSharedFile', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-storage-'));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  it('writes the bytes under a new 32-hex name, and nothing else', async () => {
    const bytes = new Uint8Array(Buffer.from('%PDF-1.7 the whole file'));
    const fileRef = await writeSharedFile(directory, bytes);
    expect(fileRef).toMatch(/^[0-9a-f]{32}$/);
    expect(fs.readdirSync(directory)).toEqual([fileRef]);
    expect(fs.readFileSync(path.join(directory, fileRef))).toEqual(Buffer.from(bytes));
    const second = await writeSharedFile(directory, bytes);
    expect(second).not.toBe(fileRef);
    expect(fs.readdirSync(directory).sort()).toEqual([fileRef, second].sort());
  });

  it('makes the file appear complete: written under another name, then renamed into place', async () => {
    const watch = watchDirectory(directory);
    const bytes = new Uint8Array(4 * 1024 * 1024).fill(7);
    const fileRef = await writeSharedFile(directory, bytes);
    const events = await watch.events();
    // Under its final name the file only ever appeared (one rename), it was never written to.
    expect(events.filter((event) => event.name === fileRef)).toEqual([{ type: 'rename', name: fileRef }]);
    // The bytes went into another file, which the rename then took away.
    const written = events.filter((event) => event.type === 'change').map((event) => event.name);
    expect(written.length).toBeGreaterThan(0);
    expect(written).not.toContain(fileRef);
    expect(fs.readdirSync(directory)).toEqual([fileRef]);
    expect(fs.statSync(path.join(directory, fileRef)).size).toBe(bytes.length);
  });

  it('fails with the system error and leaves nothing behind when the directory is missing', async () => {
    const missing = path.join(directory, 'not-there');
    // The write's own error (the directory is missing), not one from the clean-up after it, as a 503 naming it.
    await expect(writeSharedFile(missing, new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('directory is missing (ENOENT)'),
    });
    expect(fs.readdirSync(directory)).toEqual([]);
  });

  it('removes the half-written file when the write fails part-way (the disk is full)', async () => {
    const failing = jest
      .spyOn(fs.promises, 'rename')
      .mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    try {
      await expect(writeSharedFile(directory, new Uint8Array([1, 2, 3]))).rejects.toMatchObject({
        kind: 'storage-full',
        message: expect.stringContaining('full (ENOSPC)'),
      });
      expect(fs.readdirSync(directory)).toEqual([]);
    } finally {
      failing.mockRestore();
    }
  });
});
