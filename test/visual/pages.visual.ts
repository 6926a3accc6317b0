/**
 * Visual check (`npm run test:visual`): the first pages of each fixture's PDF and DOCX look as
 * approved. Each page is drawn small, as test/visual/pages.ts describes, and compared with its
 * approved image; a page that differs by more than noise fails with its share of differing pixels.
 * To accept a change on purpose: `npm run visual:approve`, look at the new images, commit them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { APPROVED, comparePng, FIRST_PAGES, passes, renderCases, visualCases } from './pages';

describe('fixture pages look as approved', () => {
  const cases = visualCases();
  let folder: string;
  let images: Map<string, string>;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'visual-'));
    images = await renderCases(cases, folder);
  }, 300_000);

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const expected = cases.flatMap((visualCase) =>
    Array.from({ length: FIRST_PAGES }, (_, i) => `${visualCase.name}-p${i + 1}.png`),
  );

  it.each(expected)('%s', async (name) => {
    expect({ name, rendered: images.has(name) }).toEqual({ name, rendered: true });
    const approved = join(APPROVED, name);
    if (!existsSync(approved))
      throw new Error(`${name} has no approved image: run npm run visual:approve, look at it, commit it`);
    const comparison = comparePng(await readFile(images.get(name)!), await readFile(approved));
    expect({ name, ...comparison, passes: passes(comparison) }).toEqual({ name, ...comparison, passes: true });
  });

  it('tolerates drawing noise (text drawn without anti-aliasing) and fails a block moved by half a line', async () => {
    const [plan] = cases.filter((visualCase) => visualCase.name === 'plan-full-pdf');
    const noisy = await renderCases([plan], await mkdtemp(join(folder, 'noise-')), ['-aa', 'no', '-aaVector', 'no']);
    const page = 'plan-full-pdf-p3.png';
    const approved = await readFile(join(APPROVED, page));
    const drawn = await readFile(noisy.get(page)!);
    // Pixel by pixel, every glyph's edge differs: a few percent of the page.
    const [a, b] = [PNG.sync.read(drawn), PNG.sync.read(approved)];
    expect(pixelmatch(a.data, b.data, undefined, a.width, a.height) / (a.width * a.height)).toBeGreaterThan(0.01);
    expect(passes(comparePng(drawn, approved))).toBe(true);

    // The lower half of the page moved down by half a line of text (4 pixels at this size).
    const moved = PNG.sync.read(approved);
    const row = moved.width * 4;
    const from = Math.floor(moved.height / 2);
    const shift = 4;
    moved.data.copyWithin((from + shift) * row, from * row, (moved.height - shift) * row);
    moved.data.fill(255, from * row, (from + shift) * row);
    const comparison = comparePng(PNG.sync.write(moved), approved);
    expect(passes(comparison)).toBe(false);
  }, 60_000);
});
