/**
 * Word list numbering for the document's lists, written as `word/numbering.xml` (or merged into a
 * Word shell's). Each list block uses one level (its nesting depth) of a definition (`w:abstractNum`):
 * bullets share a single list, since they never count; each ordered list is a list of its own (a new
 * `w:num`), so it restarts at its `start`, which picks the definition. An ordered definition has only
 * the levels up to the one its lists use: each list repeats every level's start as an override (as
 * docx wrote them), and a plan has hundreds of short lists.
 */
import { escapeXml } from './xml';

/** Word has nine list levels (0-8). */
export const MAX_LIST_LEVEL = 8;
/**
 * Indent of each list level in twips (a quarter inch: about the PDF's, which indents by the width
 * of its markers), and the room its number takes.
 */
export const LIST_INDENT_STEP = 360;
export const LIST_HANGING = 270;

/**
 * Word numbers a list from 0 to 32767 at most (its "Start at" box stops there). The PDF prints any
 * start; a start outside that range is clamped to the nearest value Word takes, not reset to 1, so
 * the numbers stay as close to the PDF's as Word allows.
 */
const MAX_LIST_START = 32767;

const BULLET_KEY = 'bullet';
const BULLETS = ['•', '◦', '▪'];

/** The left indent of a list level's text, in twips. */
export const listIndent = (level: number): number => LIST_INDENT_STEP * (level + 1);

interface Level {
  format: 'bullet' | 'decimal';
  text: string;
  start: number;
}

interface Definition {
  abstractId: number;
  levels: Level[];
}

function bulletLevels(): Level[] {
  return Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level) => ({
    format: 'bullet',
    text: BULLETS[level % BULLETS.length],
    start: 1,
  }));
}

function orderedLevels(start: number, deepest: number): Level[] {
  // Decimal at every level, as a browser shows nested <ol>s (the model has no list style). Each
  // level names only its own number ("%2."), since a nested list is a list of its own.
  return Array.from({ length: deepest + 1 }, (_, level) => ({ format: 'decimal', text: `%${level + 1}.`, start }));
}

function levelXml(level: Level, index: number): string {
  return (
    `<w:lvl w:ilvl="${index}" w:tentative="1"><w:start w:val="${level.start}"/><w:numFmt w:val="${level.format}"/>` +
    `<w:lvlText w:val="${escapeXml(level.text)}"/><w:lvlJc w:val="left"/>` +
    `<w:pPr><w:ind w:left="${listIndent(index)}" w:hanging="${LIST_HANGING}"/></w:pPr></w:lvl>`
  );
}

export interface NumberingIds {
  /** The first `w:abstractNumId` and `w:numId` to hand out (above a Word shell's own). */
  firstAbstractId?: number;
  firstNumId?: number;
}

/** Hands out the lists of one document (their `w:numId`s) and writes the definitions they need. */
export class ListNumbering {
  private readonly definitions = new Map<string, Definition>();
  private readonly lists: { numId: number; definition: Definition }[] = [];
  private bulletNumId: number | undefined;
  private nextAbstractId: number;
  private nextNumId: number;

  constructor(ids: NumberingIds = {}) {
    this.nextAbstractId = ids.firstAbstractId ?? 1;
    this.nextNumId = ids.firstNumId ?? 1;
  }

  /** The numId of the document's bullets. */
  bulletList(): number {
    this.bulletNumId ??= this.newList(this.definition(BULLET_KEY, bulletLevels));
    return this.bulletNumId;
  }

  /** The numId of a new ordered list, numbered from `start`, at `level`. */
  orderedList(start: number | undefined, level: number): number {
    const first =
      typeof start === 'number' && Number.isFinite(start)
        ? Math.min(Math.max(Math.floor(start), 0), MAX_LIST_START)
        : 1;
    return this.newList(this.definition(`ordered-${first}-${level}`, () => orderedLevels(first, level)));
  }

  get isEmpty(): boolean {
    return this.lists.length === 0;
  }

  /** The `w:abstractNum` elements, which go before every `w:num` of the part. */
  abstractNumsXml(options: { restartAttribute?: boolean } = {}): string {
    const restart = options.restartAttribute === false ? '' : ' w15:restartNumberingAfterBreak="0"';
    let xml = '';
    for (const definition of this.definitions.values()) {
      xml += `<w:abstractNum w:abstractNumId="${definition.abstractId}"${restart}><w:multiLevelType w:val="hybridMultilevel"/>`;
      xml += definition.levels.map(levelXml).join('') + '</w:abstractNum>';
    }
    return xml;
  }

  /** The `w:num` elements: one per list, restarting each level at its start. */
  numsXml(): string {
    let xml = '';
    for (const { numId, definition } of this.lists) {
      xml += `<w:num w:numId="${numId}"><w:abstractNumId w:val="${definition.abstractId}"/>`;
      xml += definition.levels
        .map(
          (level, index) =>
            `<w:lvlOverride w:ilvl="${index}"><w:startOverride w:val="${level.start}"/></w:lvlOverride>`,
        )
        .join('');
      xml += '</w:num>';
    }
    return xml;
  }

  private definition(key: string, levels: () => Level[]): Definition {
    let definition = this.definitions.get(key);
    if (!definition) {
      definition = { abstractId: this.nextAbstractId++, levels: levels() };
      this.definitions.set(key, definition);
    }
    return definition;
  }

  private newList(definition: Definition): number {
    const numId = this.nextNumId++;
    this.lists.push({ numId, definition });
    return numId;
  }
}

const NUMBERING_NAMESPACES =
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" ' +
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" mc:Ignorable="w14 w15"';

/** A whole `word/numbering.xml` holding only our lists. */
export function numberingPartXml(lists: ListNumbering): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<w:numbering ${NUMBERING_NAMESPACES}>${lists.abstractNumsXml()}${lists.numsXml()}</w:numbering>`
  );
}
