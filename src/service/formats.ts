/** Every format this service knows. Add a format: one module under formats/, one line here. */
import { docxFormat } from '../formats/docx';
import { htmlFormat } from '../formats/html';
import { markdownFormat } from '../formats/md';
import { pdfFormat } from '../formats/pdf';
import { rdaExporter, rdaImporter } from '../formats/rda';
import { raidExporter, raidImporter } from '../formats/raid';
import { answerPackFormat } from '../formats/txt';
import type { Exporter, Importer } from '../formats/types';
import { documentExporter } from '../pipeline/documentExporter';
import { ExporterRegistry } from './registry';

export const docxExporter = documentExporter(docxFormat);
export const pdfExporter = documentExporter(pdfFormat);
export const htmlExporter = documentExporter(htmlFormat);
export const markdownExporter = documentExporter(markdownFormat);
export const answerPackExporter = documentExporter(answerPackFormat);
export { rdaExporter, rdaImporter, raidExporter, raidImporter };

export const ALL_EXPORTERS: readonly Exporter[] = [
  docxExporter,
  pdfExporter,
  rdaExporter,
  htmlExporter,
  markdownExporter,
  answerPackExporter,
  raidExporter,
];
export const ALL_IMPORTERS: readonly Importer[] = [rdaImporter, raidImporter];

export const createRegistry = (enabledFormats: readonly string[]) =>
  new ExporterRegistry(ALL_EXPORTERS, ALL_IMPORTERS, enabledFormats);
