/**
 * PDF text (one byte per character) written straight into a growing buffer. The structure tree
 * of a 100-description plan is ~14,000 small dictionaries, ~1 MB of text: built as strings and
 * joined, each element cost a dozen short-lived strings and the whole was copied twice more
 * (joined, then encoded); written here, it is bytes once.
 */
const SPACE = 0x20;

const decimalDigits = (value: number): number => {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
};

export class PdfBytes {
  private buffer: Buffer;
  /** Bytes written. Setting it lower forgets what came after. */
  length = 0;

  constructor(capacity = 1 << 12) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  private room(bytes: number): Buffer {
    const needed = this.length + bytes;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    return this.buffer;
  }

  /** Text of one byte per character (ASCII, or a PDF string already made of bytes). */
  text(value: string): this {
    const buffer = this.room(value.length);
    if (value.length > 32) this.length += buffer.write(value, this.length, 'latin1');
    else for (let index = 0; index < value.length; index++) buffer[this.length++] = value.charCodeAt(index);
    return this;
  }

  /** A non-negative integer, in decimal. */
  integer(value: number): this {
    if (value < 10) {
      this.room(1)[this.length++] = 0x30 + value;
      return this;
    }
    // Object numbers, MCIDs and offsets: small integers, divided as 32-bit ones.
    if (value > 0x7fffffff) return this.text(String(value));
    const digits = value < 100 ? 2 : value < 1000 ? 3 : value < 10000 ? 4 : value < 100000 ? 5 : decimalDigits(value);
    const buffer = this.room(digits);
    let rest = value | 0;
    for (let at = this.length + digits - 1; at >= this.length; at--) {
      const next = (rest / 10) | 0;
      buffer[at] = 0x30 + rest - next * 10;
      rest = next;
    }
    this.length += digits;
    return this;
  }

  /** An indirect reference: `12 0 R`. */
  reference(object: number): this {
    return this.integer(object).text(' 0 R');
  }

  /** A space, unless this is empty or at `from` (separates the entries of an array begun at `from`). */
  separator(from = 0): this {
    if (this.length > from) this.room(1)[this.length++] = SPACE;
    return this;
  }

  /** Appends what another holds. */
  append(other: PdfBytes): this {
    other.buffer.copy(this.room(other.length), this.length, 0, other.length);
    this.length += other.length;
    return this;
  }

  /** The bytes written, as a view (valid until the next write). */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
