/** "Did you mean": the known name closest to a misspelt one, when it is close enough to be the one meant. */

/**
 * Edits between two words (insert, delete, replace, or swap two neighbours), so "titel" is one
 * edit from "title".
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j], rows[i - 2][j - 2] + 1);
    }
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/**
 * The candidate a typo most likely meant: the same word in other letter case, else the nearest
 * within two edits (one for short words); null when none is that close.
 */
export function closest(name: string, candidates: Iterable<string>): string | null {
  const lower = name.toLowerCase();
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  if (!best) return null;
  const allowed = name.length <= 4 ? 1 : 2;
  return best.distance <= allowed ? best.candidate : null;
}

/** ` (did you mean "x"?)`, or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>, written = (c: string) => c): string {
  const found = closest(name, candidates);
  return found === null ? '' : ` (did you mean "${written(found)}"?)`;
}
