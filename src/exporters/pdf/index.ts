/** PDF exporter: the same document model as DOCX, laid out with pdfmake (fonts load in the worker). */
import { documentExporter } from '../documentConfiguration';

export const pdfExporter = documentExporter({ format: 'pdf', mimeType: 'application/pdf', extension: 'pdf', icon: 'fa-file-pdf-o' }, () =>
  require('./render'),
);
