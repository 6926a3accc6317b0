/**
 * `npm run visual:approve`: renders the visual check's pages anew and makes them the approved
 * images (test/visual/approved/), on purpose, after looking at them. Keeps the note of each image
 * in approved/README.md that is still there (edit a note there to say better what a page shows),
 * writes a generated note for a new one, drops images and notes of cases that are gone.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPROVED, FIRST_PAGES, imageNote, renderCases, RESOLUTION_DPI, visualCases } from './pages';

const README = join(APPROVED, 'README.md');
const NOTE_LINE = /^- `([^`]+\.png)`: (.*)$/;

async function main(): Promise<void> {
  const cases = visualCases();
  const folder = await mkdtemp(join(tmpdir(), 'visual-approve-'));
  try {
    const images = await renderCases(cases, folder);
    await mkdir(APPROVED, { recursive: true });
    for (const file of await readdir(APPROVED))
      if (file.endsWith('.png') && !images.has(file)) await rm(join(APPROVED, file));
    for (const [name, path] of images) await copyFile(path, join(APPROVED, name));
    const kept = new Map<string, string>();
    if (existsSync(README)) {
      for (const line of (await readFile(README, 'utf8')).split('\n')) {
        const match = NOTE_LINE.exec(line);
        if (match) kept.set(match[1], match[2]);
      }
    }
    const lines = cases.flatMap((visualCase) =>
      Array.from({ length: FIRST_PAGES }, (_, i) => `${visualCase.name}-p${i + 1}.png`)
        .filter((name) => images.has(name))
        .map((name, i) => `- \`${name}\`: ${kept.get(name) ?? imageNote(visualCase, i + 1)}`),
    );
    await writeFile(
      README,
      [
        '# Approved pages of the visual check',
        '',
        `The first ${FIRST_PAGES} pages of each case at ${RESOLUTION_DPI} dpi, as \`npm run test:visual\` compares them`,
        '(see docs/development/visual-check.md). Written by `npm run visual:approve`; a note',
        'edited here is kept by the next approval.',
        '',
        ...lines,
        '',
      ].join('\n'),
    );
    console.log(
      `Approved ${images.size} page images in ${APPROVED}: look at them (and at git diff) before committing.`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
