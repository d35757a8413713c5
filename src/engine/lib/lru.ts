/**
 * The engine's memo primitives: its one LRU, and the per-object memo the phases keep derived values in.
 *
 * The LRU: a Map that keeps at most `max` entries, dropping the least recently used (a `get` or a `set`
 * makes an entry the most recent). A Map, so code that takes a Map keeps working on it; `onEvict` hears each entry the
 * bound drops (a cache that also counts what its entries weigh).
 */
export class Lru<K, V> extends Map<K, V> {
  constructor(
    readonly max: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {
    super();
  }

  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    while (this.size > this.max) this.evictOldest();
    return this;
  }

  /** Drops the least recently used entry (none when empty). */
  evictOldest(): void {
    const oldest = this.entries().next();
    if (oldest.done) return;
    super.delete(oldest.value[0]);
    this.onEvict?.(oldest.value[0], oldest.value[1]);
  }
}

/** A memo of values derived from an object that never changes (a schema, a listing): a WeakMap, or one that keeps nothing. */
export interface ObjectMemo<V> {
  get(key: object): V | undefined;
  set(key: object, value: V): unknown;
}

/** The value `memo` holds for `key`, else `compute()`'s, kept there (no memo: computed each time). */
export function remember<V>(memo: ObjectMemo<V> | undefined, key: object, compute: () => V): V {
  const hit = memo?.get(key);
  if (hit !== undefined) return hit;
  const value = compute();
  memo?.set(key, value);
  return value;
}
