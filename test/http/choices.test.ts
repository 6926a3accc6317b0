/**
 * The export choices over HTTP: the new formats once EXPORT_FORMATS names them, their menu
 * entries and configuration fields in /formats, and the WITHHOLD default applied to every export.
 */
import request from 'supertest';
import { fixtureJson, startService } from '../helpers/service';

describe('export choices through the service', () => {
  const service = startService({ EXPORT_FORMATS: 'docx,pdf,json,html,md,txt', WITHHOLD: 'rda.dmp.cost*' });
  afterAll(() => service.close());

  it('lists html, md and txt with Font Awesome 4 icons, and the new configuration fields', async () => {
    const { body } = await request(service.app).get('/api/file-transformer/formats').expect(200);
    expect(body.exportVariants.slice(3)).toEqual([
      { format: 'html', hasLogo: true, icon: 'fa-html5' },
      { format: 'md', hasLogo: true, icon: 'fa-file-text-o' },
      { format: 'txt', hasLogo: true, icon: 'fa-clipboard' },
    ]);
    const codes = body.configurationFields.map((f: { code: string }) => f.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'include-question-text',
        'include-section-headings',
        'compact-spacing',
        'withhold',
        'withheld-note',
      ]),
    );
  });

  it('leaves WITHHOLD fields out of every export and names what it sent', async () => {
    for (const [format, mimeType] of [
      ['html', 'text/html'],
      ['md', 'text/markdown'],
      ['txt', 'text/plain'],
      ['json', 'application/json'],
    ]) {
      const res = await request(service.app)
        .post(`/api/file-transformer/export/plan?format=${format}`)
        .send(fixtureJson('plan-full.json'))
        .expect(200);
      expect(res.body.mimeType).toBe(mimeType);
      expect(res.body.filename).toMatch(new RegExp(`\\.${format}$`));
      const text = Buffer.from(res.body.file, 'base64').toString('utf8');
      expect(text).toContain('Aegean Seagrass Observatory');
      expect(text).not.toContain('Long-term archiving at the data centre');
    }
  });

  it('keeps the new formats off by default: the planning service has no menu label for them yet', async () => {
    const plain = startService();
    try {
      const { body } = await request(plain.app).get('/api/file-transformer/formats').expect(200);
      expect(body.exportVariants.map((v: { format: string }) => v.format)).toEqual(['docx', 'pdf', 'json']);
      await request(plain.app)
        .post('/api/file-transformer/export/plan?format=html')
        .send(fixtureJson('plan-full.json'))
        .expect(400);
    } finally {
      await plain.close();
    }
  });
});
