/**
 * The values of a Word shell's placeholders (`'{OPENCDMP.PLAN.TITLE}'`): a layout computes them
 * from the plan (templates/shellValues.ts), the DOCX writer pours them into the shell.
 */
import type { Block } from './types';

/**
 * A placeholder's value: text, blocks for rich text (plain text in headers and footers), or a pair
 * when headers and footers print something else (the Java plugin printed "-" there for nothing).
 */
export type ShellValue = string | Block[] | { inBody: string | Block[]; inHeaderFooter: string };

/** What a header or footer prints for an empty value, as the Java plugin did. */
export const NOTHING_IN_HEADER_FOOTER = '-';
