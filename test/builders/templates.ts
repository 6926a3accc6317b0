/** Shared by the template tests: fixture views, document text, uploads, error capture. */
import { strToU8, zipSync } from 'fflate';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { blocksToPlainText } from '../../src/document/text';
import type { Block, DocumentModel } from '../../src/document/types';
import { buildDescriptionExportView, buildPlanView } from '../../src/plan/buildPlanView';
import type { DescriptionExportView, FileView, PlanView } from '../../src/plan/types';
import type { ExportOptions } from '../../src/document/options';
import { fixtureText } from './fixtures';
import { ServiceError } from '../../src/errors';

const viewOptions = { transformerId: 'dmp-file-transformer' };

export const DEFAULT_OPTIONS: ExportOptions = {
  includeUnanswered: false,
  includeGuidance: false,
  tableOfContents: true,
  coverPage: true,
  pageSize: null,
  labelLanguage: 'en',
  includeQuestionText: true,
  includeSectionHeadings: true,
  compactSpacing: false,
  tocLevels: null,
  withheldNote: null,
  descriptionPageBreak: 'auto',
  pdfProfile: 'standard',
};

export function planView(fixture = 'plan-full.json'): PlanView {
  const raw = JSON.parse(fixtureText(fixture));
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), viewOptions);
}

export function descriptionView(fixture = 'description-full.json'): DescriptionExportView {
  const raw = JSON.parse(fixtureText(fixture));
  assertValidModel('description', raw);
  return buildDescriptionExportView(decodeDescription(raw), viewOptions);
}

export const expectations = (fixture: string) =>
  JSON.parse(fixtureText(fixture)) as { visible: string[]; absent: string[]; headingsInOrder: string[] };

export const textOf = (document: DocumentModel) => blocksToPlainText(document.blocks);

/** Every block, depth first, including those inside lists, quotes and table cells. */
export function allBlocks(blocks: Block[]): Block[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case 'list':
        return [block, ...block.items.flatMap(allBlocks)];
      case 'blockquote':
        return [block, ...allBlocks(block.children)];
      case 'table':
        return [block, ...block.rows.flatMap((row) => row.cells.flatMap((cell) => allBlocks(cell.blocks)))];
      default:
        return [block];
    }
  });
}

export const headingsOf = (document: DocumentModel) =>
  document.blocks.filter((b) => b.type === 'heading').map((b) => blocksToPlainText([b]));

export const paragraphsWithStyle = (document: DocumentModel, style: string) =>
  allBlocks(document.blocks)
    .filter((b) => b.type === 'paragraph' && b.style === style)
    .map((b) => blocksToPlainText([b]));

export function upload(filename: string, bytes: Uint8Array | string, mimeType: string | null = null): FileView {
  return { filename, mimeType, bytes: typeof bytes === 'string' ? strToU8(bytes) : bytes, isImage: false };
}

export function zip(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(
      Object.entries(files).map(([path, content]) => [path, typeof content === 'string' ? strToU8(content) : content]),
    ),
  );
}

/** The ServiceError `run` throws (failing the test if it throws something else or nothing). */
export function serviceErrorOf(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError, but nothing was thrown');
}
