/** The preview endpoint's upload storage and warnings header, in isolation. */
import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { HttpError } from '../../src/http/errors';
import { LimitedMemoryStorage, warningsHeader } from '../../src/http/previewRoutes';

const MB = 1024 * 1024;

describe('upload storage', () => {
  const storage = new LimitedMemoryStorage({ template: 1 * MB, plan: 4 * MB });

  /** Feeds `chunks` chunks of 256 KB to the storage as field `field`; `end` closes the file after them. */
  async function upload(field: string, chunks: number, end: boolean) {
    const stream = new PassThrough();
    const file = { fieldname: field, stream } as unknown as Express.Multer.File;
    let outcome: { error?: unknown; info?: Partial<Express.Multer.File> } | undefined;
    storage._handleFile({} as Request, file, (error, info) => (outcome = { error, info }));
    for (let index = 0; index < chunks && outcome === undefined; index++) {
      stream.write(Buffer.alloc(256 * 1024, index));
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (end) {
      stream.end();
      await new Promise((resolve) => setImmediate(resolve));
    }
    return outcome;
  }

  it('refuses a template as soon as it passes its own limit, while the upload is still arriving', async () => {
    const outcome = await upload('template', 40, false);
    expect(outcome?.error).toBeInstanceOf(HttpError);
    expect(outcome?.error).toMatchObject({
      status: 413,
      message: 'The template file is larger than the limit of 1 MB.',
    });
  });

  it('keeps a plan within its larger limit, whole', async () => {
    const outcome = await upload('plan', 8, true);
    expect(outcome?.error).toBeNull();
    expect(outcome?.info?.size).toBe(2 * MB);
    expect(outcome?.info?.buffer?.subarray(-1)[0]).toBe(7);
  });
});

describe('X-Export-Warnings', () => {
  const decode = (header: string) => JSON.parse(decodeURIComponent(header)) as string[];

  it('carries a few warnings as they are', () => {
    const warnings = ['Removed the image "https://x.example/a.png"', 'Δεν βρέθηκε η εικόνα'];
    expect(decode(warningsHeader(warnings))).toEqual(warnings);
  });

  it('stays within 2 KB encoded: whole warnings first, then how many were left out', () => {
    const warnings = Array.from(
      { length: 60 },
      (_, index) => `Προειδοποίηση ${index}: ${'ελληνικό κείμενο '.repeat(8)}`,
    );
    const header = warningsHeader(warnings);
    expect(header.length).toBeLessThanOrEqual(2048);
    const shown = decode(header);
    const kept = shown.slice(0, -1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(warnings.slice(0, kept.length));
    expect(shown[shown.length - 1]).toBe(`… and ${warnings.length - kept.length} more`);
  });

  it('shortens a very long warning', () => {
    const [shown] = decode(warningsHeader(['x'.repeat(5_000)]));
    expect(shown).toHaveLength(200);
    expect(shown.endsWith('…')).toBe(true);
  });
});
