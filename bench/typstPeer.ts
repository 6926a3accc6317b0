/**
 * Typst as a peer of our PDF (bench/peers.ts): the plan's document model as Typst markup
 * (bench/typstMarkup.ts, same fonts and page setup; the conversion is not timed), compiled by
 * @myriaddreamin/typst-ts-node-compiler to a tagged PDF (Typst tags by default).
 *
 * - As a whole process (bench/typstCompile.js: loads the compiler and the fonts, compiles, writes
 *   the PDF), timed as the other peers are: the targets are computed against that figure.
 * - Warm, in this process (fonts loaded once, its memoized results dropped before each run): what
 *   a service keeping a compiler loaded would take. Timed in pairs, tagged and untagged
 *   (`pdfTags: false`), half of them untagged first: Typst's own tag cost, beside ours.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodePlan } from '../src/contract/decode';
import { renderPlan } from '../src/pipeline/render';
import { median } from './stats';
import { typstMarkup } from './typstMarkup';

interface TypstCompiler {
  compile(args: { mainFilePath: string }): { result?: unknown; hasError(): boolean; printErrors(): void };
  pdf(document: unknown, options?: { pdfTags?: boolean }): Buffer;
  evictCache(generations: number): void;
}

type CreateCompiler = (args: object) => TypstCompiler;

interface TypstInput {
  dir: string;
  main: string;
  fonts: string;
}

export interface TypstTimes {
  /** As a whole process, tagged (the default): the peer figure. */
  process: number;
  /** Warm, in process, tagged. */
  warm: number;
  /** Warm, in process, untagged (`pdfTags: false`), timed in turn with `warm`. */
  warmUntagged: number;
  /** The medians of the warm runs' PDF step alone (compile aside), tagged and untagged. */
  pdfStep: { tagged: number; untagged: number };
  /** The warm PDFs' sizes, tagged and untagged, in bytes. */
  bytes: { tagged: number; untagged: number };
  /** How many pairs of warm runs the figures are the medians of. */
  pairs: number;
}

/** The plan's document model as Typst markup (not timed), with the fonts our PDF uses. */
function typstInput(body: string, out: string): TypstInput {
  const { document } = renderPlan(
    decodePlan(JSON.parse(body)),
    { transformerId: 'dmp-file-transformer' },
    {},
    async () => new Uint8Array(),
  );
  const dir = fs.mkdtempSync(path.join(out, 'typst-'));
  const main = path.join(dir, 'main.typ');
  fs.writeFileSync(main, typstMarkup(document, dir));
  return { dir, main, fonts: path.dirname(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')) };
}

/**
 * Typst as the other peers are timed: a whole process (bench/typstCompile.js) that loads the
 * compiler and the fonts, compiles the markup and writes the PDF; median of `runs`, wall.
 */
function typstProcess(input: TypstInput, runs: number): number {
  const out = path.join(input.dir, 'out.pdf');
  const run = (): number => {
    fs.rmSync(out, { force: true });
    const started = performance.now();
    execFileSync(process.execPath, [path.join(__dirname, 'typstCompile.js'), input.main, input.fonts, out], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const elapsed = performance.now() - started;
    if (!fs.existsSync(out)) throw new Error('Typst wrote no PDF');
    return elapsed;
  };
  run(); // warm-up: disk cache
  return median(Array.from({ length: runs }, run));
}

/**
 * Typst warm, in this process, `pairs` pairs of a tagged and an untagged PDF (an even number: half
 * of them untagged first): medians, wall, of the whole compile and of the PDF step alone.
 */
function typstWarm(
  input: TypstInput,
  create: CreateCompiler,
  pairs: number,
): Pick<TypstTimes, 'warm' | 'warmUntagged' | 'pdfStep' | 'bytes' | 'pairs'> {
  const compiler = create({ workspace: input.dir, fontArgs: [{ fontPaths: [input.fonts] }] });
  const run = (tagged: boolean): { whole: number; pdfStep: number; bytes: number } => {
    compiler.evictCache(0);
    const started = performance.now();
    const compiled = compiler.compile({ mainFilePath: input.main });
    if (compiled.hasError()) {
      compiled.printErrors();
      throw new Error('Typst could not compile the plan');
    }
    const compiledAt = performance.now();
    const pdf = compiler.pdf(compiled.result, { pdfTags: tagged });
    const ended = performance.now();
    fs.writeFileSync(path.join(input.dir, `out-warm-${tagged ? 'tagged' : 'untagged'}.pdf`), pdf);
    return { whole: ended - started, pdfStep: ended - compiledAt, bytes: pdf.length };
  };
  run(true); // warm-up: fonts, first compile
  run(false);
  const tagged: ReturnType<typeof run>[] = [];
  const untagged: ReturnType<typeof run>[] = [];
  const evenPairs = 2 * Math.ceil(pairs / 2);
  for (let pair = 0; pair < evenPairs; pair++) {
    if (pair % 2 === 0) tagged.push(run(true));
    untagged.push(run(false));
    if (pair % 2 === 1) tagged.push(run(true));
  }
  return {
    warm: median(tagged.map((time) => time.whole)),
    warmUntagged: median(untagged.map((time) => time.whole)),
    pdfStep: {
      tagged: median(tagged.map((time) => time.pdfStep)),
      untagged: median(untagged.map((time) => time.pdfStep)),
    },
    bytes: { tagged: tagged[0].bytes, untagged: untagged[0].bytes },
    pairs: evenPairs,
  };
}

/** Typst's times for the plan, or null when the compiler does not load. `out`: a folder for its files. */
export function typstPeer(body: string, out: string, runs: number): TypstTimes | null {
  let create: CreateCompiler;
  try {
    create = (require('@myriaddreamin/typst-ts-node-compiler') as { NodeCompiler: { create: CreateCompiler } })
      .NodeCompiler.create;
  } catch {
    return null;
  }
  const input = typstInput(body, out);
  return { process: typstProcess(input, runs), ...typstWarm(input, create, runs) };
}
