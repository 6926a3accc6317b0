/**
 * Word list numbering for the document's lists. Each list block uses one level (its nesting depth) of
 * a definition: bullets share a single list, since they never count; each ordered list is a list of
 * its own (a new `instance`), so it restarts at its `start`, which picks the definition. An ordered
 * definition has only the levels up to the one its lists use: each instance repeats every level's
 * start, and a plan has hundreds of short lists.
 */
import { AlignmentType, LevelFormat, type ILevelsOptions, type INumberingOptions, type NumberingDefinition } from 'docx';

/** Word has nine list levels (0-8). */
export const MAX_LIST_LEVEL = 8;
/** Indent of each list level in twips, and the room its number takes. */
export const LIST_INDENT_STEP = 720;
export const LIST_HANGING = 360;

/**
 * Word numbers a list from 0 to 32767 at most (its "Start at" box stops there). The PDF prints any
 * start; a start outside that range is clamped to the nearest value Word takes, not reset to 1, so
 * the numbers stay as close to the PDF's as Word allows.
 */
const MAX_LIST_START = 32767;

const BULLET_REFERENCE = 'dmp-bullet';
const BULLETS = ['•', '◦', '▪'];

/** The left indent of a list level's text, in twips. */
export const listIndent = (level: number): number => LIST_INDENT_STEP * (level + 1);
const levelIndent = (level: number) => ({ left: listIndent(level), hanging: LIST_HANGING });

function bulletLevels(): ILevelsOptions[] {
  return Array.from({ length: MAX_LIST_LEVEL + 1 }, (_, level) => ({
    level,
    format: LevelFormat.BULLET,
    text: BULLETS[level % BULLETS.length],
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: levelIndent(level) } },
  }));
}

function orderedLevels(start: number, deepest: number): ILevelsOptions[] {
  // Decimal at every level, as a browser shows nested <ol>s (the model has no list style). Each
  // level names only its own number ("%2."), since a nested list is a list of its own.
  return Array.from({ length: deepest + 1 }, (_, level) => ({
    level,
    format: LevelFormat.DECIMAL,
    text: `%${level + 1}.`,
    start,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: levelIndent(level) } },
  }));
}

export interface ListNumber {
  reference: string;
  instance: number;
}

/** Hands out the lists of one document and the numbering definitions they need. */
export class ListNumbering {
  private readonly definitions = new Map<string, NumberingDefinition>();
  private nextInstance = 1;

  bulletList(): ListNumber {
    if (!this.definitions.has(BULLET_REFERENCE)) {
      this.definitions.set(BULLET_REFERENCE, { reference: BULLET_REFERENCE, levels: bulletLevels() });
    }
    return { reference: BULLET_REFERENCE, instance: 0 };
  }

  /** A new ordered list, numbered from `start`, at `level`. */
  orderedList(start: number | undefined, level: number): ListNumber {
    const first = typeof start === 'number' && Number.isFinite(start) ? Math.min(Math.max(Math.floor(start), 0), MAX_LIST_START) : 1;
    const reference = `dmp-ordered-${first}-${level}`;
    if (!this.definitions.has(reference)) this.definitions.set(reference, { reference, levels: orderedLevels(first, level) });
    return { reference, instance: this.nextInstance++ };
  }

  options(): INumberingOptions {
    return { config: [...this.definitions.values()] };
  }
}
