/** Every format this service knows. Add a format: one module, one line here. */
import { docxExporter } from './docx';
import { htmlExporter } from './html';
import { markdownExporter } from './md';
import { pdfExporter } from './pdf';
import { rdaExporter, rdaImporter } from './rda';
import { ExporterRegistry } from './registry';
import { answerPackExporter } from './txt';
import type { Exporter, Importer } from './types';

export const ALL_EXPORTERS: readonly Exporter[] = [docxExporter, pdfExporter, rdaExporter, htmlExporter, markdownExporter, answerPackExporter];
export const ALL_IMPORTERS: readonly Importer[] = [rdaImporter];

export const createRegistry = (enabledFormats: readonly string[]) => new ExporterRegistry(ALL_EXPORTERS, ALL_IMPORTERS, enabledFormats);
