/**
 * Values derived from data that has a version number (see the listing_version migration): an
 * entry is served while the data's current version equals the one it was computed under, and
 * recomputed once the version moves on. Concurrent misses for the same key and version share one
 * computation. At most `maxEntries` keys are kept, the least recently used going first.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; value: Promise<V> }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // re-insert: Map order is the recency order
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    // A request that read an older version late must not replace a newer entry.
    if (hit && hit.version > version) return value;
    const entry = { version, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => this.forget(key, entry));
    return value;
  }

  /** Drops a key (only if it still holds `entry`, when given). */
  forget(key: string, entry?: { version: number; value: Promise<V> }) {
    if (!entry || this.entries.get(key) === entry) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
