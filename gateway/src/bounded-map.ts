const DEFAULT_CAPACITY = 10_000;

/** A Map that forgets its oldest entry past a fixed size, so no client can grow it without bound. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity = DEFAULT_CAPACITY) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.capacity) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
