import { LRUCache } from "lru-cache";

/**
 * A least-recently-used cache bounded by the total size of its values (lru-cache), where two requests
 * for the same missing entry share one computation: the computation is passed to `fetch` as its context.
 */
export type MemoCache<V extends object> = LRUCache<string, V, () => Promise<V>>;

export function memoCache<V extends object>(maxSize: number, sizeOf: (value: V) => number): MemoCache<V> {
  return new LRUCache<string, V, () => Promise<V>>({
    maxSize,
    sizeCalculation: (value) => Math.max(1, sizeOf(value)),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
}

/** The cached value, or the one `make` produces (made once however many callers wait for it). */
export async function getOrCreate<V extends object>(
  cache: MemoCache<V>,
  key: string,
  make: () => Promise<V>,
): Promise<V> {
  const value = await cache.fetch(key, { context: make });
  if (value === undefined) throw new Error(`nothing was made for ${key}`);
  return value;
}
