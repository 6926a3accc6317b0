/** DOCX exporter: the document model written as WordprocessingML, or poured into an admin's Word shell. */
import { documentExporter } from '../documentConfiguration';

export const docxExporter = documentExporter(
  {
    format: 'docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    icon: 'fa-file-word-o',
  },
  () => require('./render'),
);
