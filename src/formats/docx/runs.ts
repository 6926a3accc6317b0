/**
 * Runs as WordprocessingML: `w:r` with its properties in the schema's order (CT_RPr), written as
 * docx wrote them (bold is `<w:b/><w:bCs/>`). A Word shell's placeholder run lends its own
 * properties to the runs standing in for it; the runs' own win.
 */
import { escapeXml, topLevelElements, valueElement } from './xml';

export interface RunFormatting {
  style?: string;
  font?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  superscript?: boolean;
  subscript?: boolean;
  /** Half points (a table's text set smaller). */
  size?: number;
  rightToLeft?: boolean;
  language?: { value: string; bidirectional?: string };
}

/** The order Office's schema puts a run's properties in (as docx's patcher sorts them). */
const RUN_PROPERTY_ORDER = [
  'w:rStyle',
  'w:rFonts',
  'w:b',
  'w:bCs',
  'w:i',
  'w:iCs',
  'w:caps',
  'w:smallCaps',
  'w:strike',
  'w:dstrike',
  'w:outline',
  'w:shadow',
  'w:emboss',
  'w:imprint',
  'w:noProof',
  'w:snapToGrid',
  'w:vanish',
  'w:webHidden',
  'w:color',
  'w:spacing',
  'w:w',
  'w:kern',
  'w:position',
  'w:sz',
  'w:szCs',
  'w:highlight',
  'w:u',
  'w:effect',
  'w:bdr',
  'w:shd',
  'w:fitText',
  'w:vertAlign',
  'w:rtl',
  'w:cs',
  'w:em',
  'w:lang',
  'w:eastAsianLayout',
  'w:specVanish',
  'w:oMath',
  'w14:glow',
  'w14:shadow',
  'w14:reflection',
  'w14:textOutline',
  'w14:textFill',
  'w14:scene3d',
  'w14:props3d',
  'w14:ligatures',
  'w14:numForm',
  'w14:numSpacing',
  'w14:stylisticSets',
  'w14:cntxtAlts',
];
const rank = (name: string): number => {
  if (name === 'w:rPrChange') return RUN_PROPERTY_ORDER.length + 1;
  const index = RUN_PROPERTY_ORDER.indexOf(name);
  return index === -1 ? RUN_PROPERTY_ORDER.length : index;
};

const fonts = (font: string) => {
  const name = escapeXml(font);
  return `<w:rFonts w:ascii="${name}" w:cs="${name}" w:eastAsia="${name}" w:hAnsi="${name}"/>`;
};

/** The content of a run's `w:rPr` ('' when it has none). */
export function runProperties(format: RunFormatting): string {
  let xml = '';
  if (format.style) xml += valueElement('w:rStyle', escapeXml(format.style));
  if (format.font) xml += fonts(format.font);
  if (format.bold) xml += '<w:b/><w:bCs/>';
  if (format.italic) xml += '<w:i/><w:iCs/>';
  if (format.strike) xml += '<w:strike/>';
  if (format.size) xml += `<w:sz w:val="${format.size}"/><w:szCs w:val="${format.size}"/>`;
  if (format.underline) xml += '<w:u w:val="single"/>';
  if (format.subscript) xml += '<w:vertAlign w:val="subscript"/>';
  if (format.superscript) xml += '<w:vertAlign w:val="superscript"/>';
  if (format.rightToLeft) xml += '<w:rtl/>';
  const language = format.language;
  if (language)
    xml += `<w:lang w:val="${escapeXml(language.value)}"${language.bidirectional ? ` w:bidi="${escapeXml(language.bidirectional)}"` : ''}/>`;
  return xml;
}

/** A template run's properties under the run's own: one `w:rPr`, the run's own properties kept. */
export function mergeRunProperties(inherited: string, own: string): string {
  if (!inherited) return own;
  if (!own) return inherited;
  const mine = topLevelElements(own);
  const names = new Set(mine.map((element) => element.name));
  return [...topLevelElements(inherited).filter((element) => !names.has(element.name)), ...mine]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((element) => element.xml)
    .join('');
}

/** A run of text, after a line break when `breakBefore`. */
export function textRun(properties: string, text: string, breakBefore = false): string {
  return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}${breakBefore ? '<w:br/>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

/** A run holding only a line break. */
export const breakRun = (properties: string): string =>
  `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:br/></w:r>`;
