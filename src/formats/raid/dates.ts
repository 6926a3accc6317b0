/**
 * RAiD dates: ISO 8601 calendar dates of year, month or day precision (`2023`, `2023-08`,
 * `2023-08-28`); embargo expiry always to the day.
 */

const DAY_MS = 86_400_000;
/**
 * A date picker sends local midnight as an instant (`2025-09-30T22:00:00Z` for 1 October in
 * Athens): shifted by 13 h 30 min, its UTC day is the picked day for every zone from −10:30 to
 * +13:30. (The RDA format reads picked dates the same way; formats share no code.)
 */
const PICKED_DATE_SHIFT_MS = 13.5 * 3_600_000;

const PARTIAL_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function isRealDate(year: number, month?: number, day?: number): boolean {
  if (year < 1 || year > 9999) return false;
  if (month === undefined) return true;
  if (month < 1 || month > 12) return false;
  if (day === undefined) return true;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && day >= 1;
}

/**
 * `yyyy`, `yyyy-MM` or `yyyy-MM-dd` as typed (a timestamp after the day is cut off); null for
 * anything else, including impossible dates (`2023-02-29`).
 */
export function raidDateOfText(text: string): string | null {
  const value = text.trim();
  const day = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(value)?.[1] ?? value;
  const match = PARTIAL_DATE.exec(day);
  if (!match) return null;
  const [, year, month, dayOfMonth] = match;
  return isRealDate(Number(year), month ? Number(month) : undefined, dayOfMonth ? Number(dayOfMonth) : undefined)
    ? day
    : null;
}

/** The day a date picker's instant stands for. */
export function raidDateOfPicked(date: Date): string | null {
  const day = new Date(Math.floor((date.getTime() + PICKED_DATE_SHIFT_MS) / DAY_MS) * DAY_MS);
  return dayOfInstant(day);
}

/** The UTC day of a timestamp (the plan's createdAt, finalizedAt). */
export function dayOfInstant(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return /^\d{4}-/.test(iso) ? iso.slice(0, 10) : null;
}

/** True for a date to the day (`yyyy-MM-dd`), as access.embargoExpiry needs. */
export const isFullDate = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date);

/**
 * The first day a partial date can stand for (`2023` -> 2023-01-01), for ordering: RAiD compares
 * start and end dates that way.
 */
export function firstDayOf(date: string): string {
  return date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date;
}

/** An instant for a RAiD date (UTC midnight of its first day), for a date field of the planning service. */
export function instantOfRaidDate(date: string): Date | null {
  const valid = raidDateOfText(date);
  return valid ? new Date(`${firstDayOf(valid)}T00:00:00Z`) : null;
}
