/** How much HTML the reader takes before it flattens, cuts or drops (each limit says which). */
/**
 * Tags nested deeper than this are discarded, their text kept: nesting.ts cuts them before any
 * parsing, replaying htmlparser2's stack. For answers, sanitize-html's `nestingLimit` is a second
 * fence at the same depth.
 */
export const MAX_TREE_DEPTH = 1_000;
/** Elements nested deeper than this are flattened to their text by the walker, which recurses. */
export const WALK_DEPTH_LIMIT = 100;
/** Word's limit on table columns: a wider table or a larger colspan cannot be laid out anyway. */
export const MAX_TABLE_COLUMNS = 63;
/** Most cells of one table, padding included: rows past it follow the table as paragraphs. */
export const MAX_TABLE_CELLS = 100_000;
/** CSS pixels -> points. */
export const POINTS_PER_PIXEL = 0.75;
