/**
 * The one in-memory cache of the site: values made from content that changes (the blog, a
 * deploy), each kept with the version it was made from and served only while that version is
 * current. Bounded by an estimate of the bytes it holds; one eviction rule: the least recently
 * used entries go first. Concurrent makers of one key and version share one promise.
 *
 * Admission (optional): a new entry whose key is on `probation` goes to a small probationary
 * segment (its own share of the bytes, least recently used out first) and moves to the main one
 * when it is asked for again (segmented LRU). A stream of one-off keys, such as a new search each
 * request, then only ever pushes out other one-off keys, never what is asked for again and again.
 *
 * Versions are strings the caller computes from what the value depends on (see
 * app/content-versions.server.ts), so a write on another instance sharing the database changes
 * them there too.
 *
 * Time-limited (optional): with `lifetime`, an entry is also served only for so many milliseconds
 * after it was stored, each value its own (a failed lookup's fallback briefly, a good answer longer);
 * a cache of such values passes one constant version.
 */
export type VersionedCacheOptions<V> = {
  /** Upper bound on the sum of `sizeOf` over entries. */
  maxBytes: number;
  /** Bytes an entry holds (approximately; strings count 2 per UTF-16 unit). */
  sizeOf: (value: V) => number;
  /** Keys whose new entries must be asked for twice before they join the main segment (default: none). */
  probation?: (key: string) => boolean;
  /** The probationary segment's share of maxBytes (default 1/8). */
  probationShare?: number;
  /** Called when an entry moves from the probationary segment to the main one. */
  onPromote?: (key: string, version: string, value: V) => void;
  /** Upper bound on the number of entries, besides the bytes (default: none). */
  maxEntries?: number;
  /** How long (ms) a value is served after it was stored (default: as long as its version is current). */
  lifetime?: (value: V) => number;
  now?: () => number;
};

type Slot<V> = { version: string; value: V; size: number; expires: number };

/** Where `set` put a value: the main segment, the probationary one, or nowhere (larger than its segment). */
export type Placement = "main" | "probation" | "dropped";

/** Entries in least-recently-used order (a Map's order), within a byte bound. */
class Segment<V> {
  readonly entries = new Map<string, Slot<V>>();
  bytes = 0;
  constructor(
    readonly maxBytes: number,
    readonly maxEntries = Infinity,
  ) {}

  touch(key: string, slot: Slot<V>) {
    this.entries.delete(key);
    this.entries.set(key, slot);
  }

  /** Adds the slot (the key must not be here); false when it alone is larger than the bound. */
  add(key: string, slot: Slot<V>): boolean {
    if (slot.size > this.maxBytes) return false;
    this.entries.set(key, slot);
    this.bytes += slot.size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldestKey, oldest);
    }
    return true;
  }

  remove(key: string, slot: Slot<V>) {
    this.entries.delete(key);
    this.bytes -= slot.size;
  }
}

export class VersionedCache<V> {
  private readonly main: Segment<V>;
  private readonly trial: Segment<V> | undefined;
  private readonly making = new Map<string, Promise<V>>();
  private readonly now: () => number;

  constructor(private readonly options: VersionedCacheOptions<V>) {
    const share = options.probation ? (options.probationShare ?? 1 / 8) : 0;
    const trialBytes = Math.floor(options.maxBytes * share);
    const maxEntries = options.maxEntries ?? Infinity;
    const trialEntries = maxEntries === Infinity ? Infinity : Math.floor(maxEntries * share);
    this.main = new Segment(options.maxBytes - trialBytes, maxEntries === Infinity ? Infinity : maxEntries - trialEntries);
    this.trial = options.probation ? new Segment(trialBytes, trialEntries) : undefined;
    this.now = options.now ?? Date.now;
  }

  /** Whether a slot may be served for `version` now. */
  private current(slot: Slot<V>, version: string): boolean {
    return slot.version === version && (slot.expires === Infinity || slot.expires > this.now());
  }

  /** The value kept for `key` if it was made from `version`. */
  get(key: string, version: string): V | undefined {
    const slot = this.main.entries.get(key);
    if (slot) {
      if (!this.current(slot, version)) {
        this.main.remove(key, slot);
        return undefined;
      }
      // Most recently used last: the Map's order is the eviction order.
      this.main.touch(key, slot);
      return slot.value;
    }
    const trial = this.trial?.entries.get(key);
    if (!trial) return undefined;
    this.trial!.remove(key, trial);
    if (!this.current(trial, version)) return undefined;
    // Asked for again: it joins the main segment.
    if (this.main.add(key, trial)) this.options.onPromote?.(key, trial.version, trial.value);
    return trial.value;
  }

  set(key: string, version: string, value: V): Placement {
    const { lifetime } = this.options;
    return this.place(key, version, value, lifetime ? this.now() + lifetime(value) : Infinity);
  }

  private place(key: string, version: string, value: V, expires: number): Placement {
    const slot = { version, value, size: this.options.sizeOf(value) + key.length * 2 + version.length * 2 + 64, expires };
    const old = this.main.entries.get(key);
    if (old) {
      this.main.remove(key, old);
      return this.main.add(key, slot) ? "main" : "dropped";
    }
    const trial = this.trial?.entries.get(key);
    if (trial) this.trial!.remove(key, trial);
    if (this.trial && this.options.probation?.(key)) return this.trial.add(key, slot) ? "probation" : "dropped";
    return this.main.add(key, slot) ? "main" : "dropped";
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
    const slot = this.main.entries.get(key) ?? this.trial?.entries.get(key);
    if (slot) this.place(key, slot.version, slot.value, slot.expires);
  }

  delete(key: string): void {
    const slot = this.main.entries.get(key);
    if (slot) this.main.remove(key, slot);
    const trial = this.trial?.entries.get(key);
    if (trial) this.trial!.remove(key, trial);
  }

  /** Entries kept, in both segments. */
  get size(): number {
    return this.main.entries.size + (this.trial?.entries.size ?? 0);
  }

  get totalBytes(): number {
    return this.main.bytes + (this.trial?.bytes ?? 0);
  }

  /** Entries waiting in the probationary segment. */
  get onProbation(): number {
    return this.trial?.entries.size ?? 0;
  }
}

/** Byte estimate of a string held in memory. */
export const stringBytes = (text: string) => text.length * 2;
