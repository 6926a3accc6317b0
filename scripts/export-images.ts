/**
 * `npx tsx scripts/export-images.ts`: draws docs/images/export-*.png, the pictures of the README
 * and of docs/admin/export-choices.md: fixtures/description-full.json exported as PDF with the
 * built-in layout (cover and contents off), once per export choice, cut out of its pages at 60 dpi
 * (poppler's pdftoppm). Run it when the look or the layout changes what those pages show, look at
 * every image, and commit them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

const ROOT = path.resolve(__dirname, '..');
const DPI = 60;
const POINT = DPI / 72;
/** The text starts 72 pt (1 inch) in; the pictures keep 24 pt of white to its left. */
const LEFT_PT = 48;
const WIDTH_PX = 420;
/** Just under the running header: the first picture starts with the description's first line. */
const PAGE_TOP_PT = 48;
const GAP_PX = 8;
const GREY = 0xcc;

/** A piece of a page: from the top of the page's text, or from a little above a heading's first word. */
type Cut = { page: 1; heightPt: number } | { heading: string; heightPt: number };

interface Picture {
  file: string;
  /** The configuration fields the description template sets, besides cover and contents off. */
  fields: Record<string, string>;
  cuts: Cut[];
}

const FIRST_PAGE: Cut[] = [{ page: 1, heightPt: 360 }];

const PICTURES: Picture[] = [
  { file: 'export-default.png', fields: {}, cuts: FIRST_PAGE },
  { file: 'export-noquestions.png', fields: { 'include-question-text': 'false' }, cuts: FIRST_PAGE },
  { file: 'export-noheadings.png', fields: { 'include-section-headings': 'false' }, cuts: FIRST_PAGE },
  { file: 'export-compact.png', fields: { 'compact-spacing': 'true' }, cuts: FIRST_PAGE },
  {
    // A table and a repeating question: withheld in their cells and items.
    file: 'export-withheld.png',
    fields: { withhold: 'Instruments used, Distributions' },
    cuts: [
      { heading: 'Collection', heightPt: 190 },
      { heading: 'Sharing', heightPt: 210 },
    ],
  },
];

interface Word {
  page: number;
  text: string;
  yMin: number;
}

/** Every word of the PDF with its page and top, in points (pdftotext -bbox). */
function words(pdf: string): Word[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' });
  const found: Word[] = [];
  let page = 0;
  for (const line of xhtml.split('\n')) {
    if (line.includes('<page ')) page += 1;
    const word = /<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/.exec(line);
    if (word) found.push({ page, text: word[2], yMin: Number(word[1]) });
  }
  return found;
}

function renderPdf(work: string, picture: Picture): string {
  const description = JSON.parse(fs.readFileSync(path.join(ROOT, 'fixtures/description-full.json'), 'utf8'));
  const fields = { 'cover-page': 'false', 'table-of-contents': 'false', ...picture.fields };
  description.descriptionTemplate.definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: Object.entries(fields).map(([code, textValue]) => ({ code, textValue, file: null })),
    },
  ];
  const name = path.basename(picture.file, '.png');
  const input = path.join(work, `${name}.json`);
  const pdf = path.join(work, `${name}.pdf`);
  fs.writeFileSync(input, JSON.stringify(description));
  // The service's defaults, whatever this shell sets: our plugin's id, nothing withheld.
  const env = { ...process.env };
  delete env.TRANSFORMER_ID;
  delete env.WITHHOLD;
  execFileSync(
    process.execPath,
    ['--require', 'tsx/cjs', 'src/cli/dmp-transform.ts', 'render', input, '--format', 'pdf', '--out', pdf],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'ignore'] },
  );
  return pdf;
}

function pageImage(work: string, pdf: string, page: number): PNG {
  const prefix = path.join(work, `${path.basename(pdf, '.pdf')}-${page}`);
  execFileSync('pdftoppm', [
    '-r',
    String(DPI),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    pdf,
    prefix,
  ]);
  return PNG.sync.read(fs.readFileSync(`${prefix}.png`));
}

function cutOut(work: string, pdf: string, cut: Cut): PNG {
  let page: number;
  let topPt: number;
  if ('heading' in cut) {
    const heading = words(pdf).find((word) => word.text === cut.heading);
    if (!heading) throw new Error(`"${cut.heading}" is not in ${pdf}: change the picture's cuts`);
    page = heading.page;
    topPt = heading.yMin - 12;
  } else {
    page = cut.page;
    topPt = PAGE_TOP_PT;
  }
  const source = pageImage(work, pdf, page);
  const left = Math.round(LEFT_PT * POINT);
  const top = Math.round(topPt * POINT);
  const height = Math.min(Math.round(cut.heightPt * POINT), source.height - top);
  const piece = new PNG({ width: WIDTH_PX, height });
  PNG.bitblt(source, piece, left, top, WIDTH_PX, height, 0, 0);
  return piece;
}

/** The pieces one under another, a grey band between two. */
function stack(pieces: PNG[]): PNG {
  const height = pieces.reduce((sum, piece) => sum + piece.height, 0) + GAP_PX * (pieces.length - 1);
  const picture = new PNG({ width: WIDTH_PX, height });
  picture.data.fill(GREY);
  let top = 0;
  for (const piece of pieces) {
    PNG.bitblt(piece, picture, 0, 0, piece.width, piece.height, 0, top);
    top += piece.height + GAP_PX;
  }
  for (let alpha = 3; alpha < picture.data.length; alpha += 4) picture.data[alpha] = 255;
  return picture;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'export-images-'));
try {
  for (const picture of PICTURES) {
    const pdf = renderPdf(work, picture);
    const image = stack(picture.cuts.map((cut) => cutOut(work, pdf, cut)));
    const out = path.join(ROOT, 'docs/images', picture.file);
    fs.writeFileSync(out, PNG.sync.write(image, { colorType: 2 }));
    console.log(`Wrote ${path.relative(ROOT, out)} (${image.width} x ${image.height})`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
