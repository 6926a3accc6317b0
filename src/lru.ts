/**
 * A small least-recently-used map: compiled templates and formatters stay hot, and a process
 * never keeps more than `capacity` entries, nor, when sizes are given, more than `maxBytes`.
 */
export interface ByteBudget<V> {
  maxBytes: number;
  /** Roughly what a value keeps in memory. */
  sizeOf(value: V): number;
}

export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly capacity: number,
    private readonly budget?: ByteBudget<V>,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value, evicting the least recently used; a value larger than the whole byte budget is not kept. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.budget?.sizeOf(value) ?? 0;
    if (this.budget && bytes > this.budget.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.capacity || (this.budget && this.bytes > this.budget.maxBytes)) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
