/**
 * The answer pack (`txt`): every question in form order with its answer as plain text and its
 * character and word counts, for pasting into funders' web forms (templates/answerPack.ts lays it
 * out; render.ts writes it as text).
 */
import type { DocumentFormat } from '../types';

export const answerPackFormat: DocumentFormat = {
  format: 'txt',
  mimeType: 'text/plain',
  extension: 'txt',
  icon: 'fa-clipboard',
  layout: 'answer-pack',
  writer: () => require('./render'),
};
