/**
 * Download names from plan and description labels. Letters of every script stay (Greek, CJK,
 * Arabic...); what a file system or a Content-Disposition header cannot take goes.
 */

/** Path separators, characters Windows refuses, control and format characters (bidi overrides too). */
const UNSAFE = /[/\\:*?"<>|\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;
/** Long enough to read, short enough for every file system (255 bytes of UTF-8). */
const MAX_CHARACTERS = 120;

export function safeFilename(label: string | null | undefined, fallback: string, extension: string): string {
  const cleaned = (label ?? '')
    .normalize('NFC')
    .replace(UNSAFE, ' ')
    .replace(/\s+/g, ' ')
    // A name of only dots is a directory reference; trailing dots and spaces vanish on Windows.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  // Cut by code points, never inside a surrogate pair.
  const base = [...cleaned].slice(0, MAX_CHARACTERS).join('').trim() || fallback;
  return `${base}.${extension}`;
}
