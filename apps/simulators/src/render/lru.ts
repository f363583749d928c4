/**
 * A least-recently-used cache bounded by total size, with in-flight de-duplication: two requests for
 * the same missing entry share one computation. A Map keeps insertion order, so re-inserting on every
 * hit makes the first key the least recently used.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  private total = 0;

  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.total;
  }

  get count(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    const existing = this.entries.get(key);
    if (existing) {
      this.total -= existing.size;
      this.entries.delete(key);
    }
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxSize) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  /** The cached value, or the one `make` produces (made once however many callers wait for it). */
  async getOrCreate(key: string, make: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const promise = make()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }
}
