import request from 'supertest';
import { loadConfig } from '../../src/config';
import { createRegistry } from '../../src/service/formats';
import { isFileTransformerConfiguration } from '../helpers/jacksonShapes';
import { startService } from '../helpers/service';

describe('GET /api/file-transformer/formats', () => {
  const service = startService({ TRANSFORMER_ID: 'my-transformer' });
  afterAll(() => service.close());

  it('answers exactly the 8 keys of FileTransformerConfiguration 1.2.0, with nothing the backend would reject', async () => {
    const res = await request(service.app).get('/api/file-transformer/formats').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(isFileTransformerConfiguration(res.body)).toBe(true);
    expect(isFileTransformerConfiguration.errors).toBeNull();
  });

  it('declares the three formats with Font Awesome 4 icons, for plans and descriptions', async () => {
    const { body } = await request(service.app).get('/api/file-transformer/formats');
    expect(body.fileTransformerId).toBe('my-transformer');
    expect(body.exportVariants).toEqual([
      { format: 'docx', hasLogo: true, icon: 'fa-file-word-o' },
      { format: 'pdf', hasLogo: true, icon: 'fa-file-pdf-o' },
      { format: 'json', hasLogo: true, icon: 'fa-file-code-o' },
    ]);
    expect(body.exportEntityTypes).toEqual([0, 1]);
    expect(body.importVariants.map((v: { format: string }) => v.format)).toEqual(['json']);
    expect(body.importEntityTypes).toEqual([0, 1]);
    expect(body.useSharedStorage).toBe(false);
    expect(body.userConfigurationFields).toEqual([]);
  });

  it('declares the configuration fields admins fill in, each code once', async () => {
    const { body } = await request(service.app).get('/api/file-transformer/formats');
    const byCode = new Map(body.configurationFields.map((f: { code: string }) => [f.code, f]));
    expect(byCode.size).toBe(body.configurationFields.length);
    expect(byCode.get('plan-template')).toMatchObject({ type: 1, appliesTo: [0] });
    expect(byCode.get('description-template')).toMatchObject({ type: 1, appliesTo: [1] });
    for (const code of [
      'page-size',
      'rda-version',
      'include-unanswered',
      'include-guidance',
      'table-of-contents',
      'cover-page',
      'label-language',
    ]) {
      expect(byCode.get(code)).toMatchObject({ type: 0, appliesTo: [0, 1], authInfo: false });
    }
  });

  it('does not depend on the request: the same bytes whatever the caller sends', async () => {
    const plain = await request(service.app).get('/api/file-transformer/formats');
    const odd = await request(service.app)
      .get('/api/file-transformer/formats?format=pdf')
      .set('Accept-Language', 'el')
      .set('X-Tenant', 'x');
    expect(odd.text).toBe(plain.text);
  });

  it('follows EXPORT_FORMATS and SHARED_STORAGE_DIR', async () => {
    const only = startService({ EXPORT_FORMATS: 'pdf', SHARED_STORAGE_DIR: '/tmp' });
    try {
      const { body } = await request(only.app).get('/api/file-transformer/formats').expect(200);
      expect(body.exportVariants.map((v: { format: string }) => v.format)).toEqual(['pdf']);
      expect(body.importVariants).toBeNull();
      expect(body.importEntityTypes).toBeNull();
      expect(body.useSharedStorage).toBe(true);
      expect(body.configurationFields.map((f: { code: string }) => f.code)).not.toContain('rda-version');
      expect(isFileTransformerConfiguration(body)).toBe(true);
    } finally {
      await only.close();
    }
  });

  it('declares withhold on a JSON-only instance, which withholds fields like every format', async () => {
    const onlyJson = startService({ EXPORT_FORMATS: 'json' });
    try {
      const { body } = await request(onlyJson.app).get('/api/file-transformer/formats').expect(200);
      expect(body.configurationFields.map((f: { code: string }) => f.code)).toEqual(['rda-version', 'withhold']);
      expect(isFileTransformerConfiguration(body)).toBe(true);
    } finally {
      await onlyJson.close();
    }
  });

  it('lists RAiD (format raid, beside RDA json) only when EXPORT_FORMATS enables it, still 1.2.0-decodable', async () => {
    const plain = await request(service.app).get('/api/file-transformer/formats');
    expect(plain.body.exportVariants.map((v: { format: string }) => v.format)).not.toContain('raid');
    const withRaid = startService({ EXPORT_FORMATS: 'docx,pdf,json,raid' });
    try {
      const { body } = await request(withRaid.app).get('/api/file-transformer/formats').expect(200);
      expect(isFileTransformerConfiguration(body)).toBe(true);
      expect(isFileTransformerConfiguration.errors).toBeNull();
      expect(body.exportVariants).toContainEqual({ format: 'raid', hasLogo: true, icon: 'fa-file-code-o' });
      expect(body.exportEntityTypes).toEqual([0, 1]);
      expect(body.importVariants.map((v: { format: string }) => v.format)).toEqual(['json', 'raid']);
      expect(body.importEntityTypes).toEqual([0, 1]);
    } finally {
      await withRaid.close();
    }
    const onlyRaid = startService({ EXPORT_FORMATS: 'raid', TRANSFORMER_ID: 'raid-file-transformer' });
    try {
      const { body } = await request(onlyRaid.app).get('/api/file-transformer/formats').expect(200);
      expect(isFileTransformerConfiguration(body)).toBe(true);
      expect(body).toMatchObject({
        fileTransformerId: 'raid-file-transformer',
        exportVariants: [{ format: 'raid', hasLogo: true, icon: 'fa-file-code-o' }],
        importVariants: [{ format: 'raid', hasLogo: true, icon: 'fa-file-code-o' }],
        importEntityTypes: [0],
      });
      // A RAiD-only instance still lets admins withhold fields (the only field RAiD reads).
      expect(body.configurationFields.map((f: { code: string }) => f.code)).toEqual(['withhold']);
    } finally {
      await onlyRaid.close();
    }
  });

  it('refuses to start with an unknown format in EXPORT_FORMATS', () => {
    expect(() => createRegistry(loadConfig({ EXPORT_FORMATS: 'docx,odt' }).exportFormats)).toThrow(
      /unknown format\(s\) odt; known: docx, pdf, json/,
    );
  });
});
