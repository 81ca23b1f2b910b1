/**
 * The one in-memory cache of the site: values made from content that changes (the blog, a
 * deploy), each kept with the version it was made from and served only while that version is
 * current. Bounded by an estimate of the bytes it holds; one eviction rule: the least recently
 * used entries go first. Concurrent makers of one key and version share one promise.
 *
 * Versions are strings the caller computes from what the value depends on (see
 * app/content-versions.server.ts), so a write on another instance sharing the database changes
 * them there too.
 */
export type VersionedCacheOptions<V> = {
  /** Upper bound on the sum of `sizeOf` over entries. */
  maxBytes: number;
  /** Bytes an entry holds (approximately; strings count 2 per UTF-16 unit). */
  sizeOf: (value: V) => number;
};

type Slot<V> = { version: string; value: V; size: number };

export class VersionedCache<V> {
  private readonly entries = new Map<string, Slot<V>>();
  private readonly making = new Map<string, Promise<V>>();
  private bytes = 0;

  constructor(private readonly options: VersionedCacheOptions<V>) {}

  /** The value kept for `key` if it was made from `version`. */
  get(key: string, version: string): V | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    if (slot.version !== version) {
      this.remove(key, slot);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.value;
  }

  set(key: string, version: string, value: V): void {
    const size = this.options.sizeOf(value) + key.length * 2 + version.length * 2 + 64;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    if (size > this.options.maxBytes) return;
    this.entries.set(key, { version, value, size });
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
  }

  /** The kept value, or `make()`'s (shared by concurrent callers), kept for next time. */
  async getOrMake(key: string, version: string, make: () => V | Promise<V>): Promise<V> {
    const kept = this.get(key, version);
    if (kept !== undefined) return kept;
    const flightKey = `${version}\u0000${key}`;
    let pending = this.making.get(flightKey);
    if (!pending) {
      pending = Promise.resolve()
        .then(make)
        .then((value) => {
          this.set(key, version, value);
          return value;
        })
        .finally(() => this.making.delete(flightKey));
      this.making.set(flightKey, pending);
    }
    return pending;
  }

  /** The synchronous form, for values cheap enough to make inline. */
  getOrMakeSync(key: string, version: string, make: () => V): V {
    const kept = this.get(key, version);
    if (kept !== undefined) return kept;
    const value = make();
    this.set(key, version, value);
    return value;
  }

  /** Re-measures an entry whose value grew after it was stored (a compressed form added later). */
  resize(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    const { version, value } = slot;
    this.set(key, version, value);
  }

  delete(key: string): void {
    const slot = this.entries.get(key);
    if (slot) this.remove(key, slot);
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private remove(key: string, slot: Slot<V>) {
    this.entries.delete(key);
    this.bytes -= slot.size;
  }
}

/** Byte estimate of a string held in memory. */
export const stringBytes = (text: string) => text.length * 2;
