/**
 * A content version read from the database, so every instance sharing it sees another's write:
 * read at most once per `everyMs` on each instance (concurrent callers share one query), and at
 * once after this instance's own write (`changed()`).
 */
export type SharedVersion = {
  current(): Promise<string>;
  /** The version when it was read within the interval (no query needed), else undefined: the front cache's fast path. */
  fresh(): string | undefined;
  changed(): void;
};

export function sharedVersion(read: () => Promise<string>, everyMs = 250): SharedVersion {
  let value: string | undefined;
  let readAt = 0;
  let pending: Promise<string> | undefined;
  return {
    current() {
      if (value !== undefined && Date.now() - readAt < everyMs) return Promise.resolve(value);
      pending ??= read()
        .then((fresh) => {
          value = fresh;
          readAt = Date.now();
          return fresh;
        })
        .finally(() => (pending = undefined));
      return pending;
    },
    fresh() {
      return value !== undefined && Date.now() - readAt < everyMs ? value : undefined;
    },
    changed() {
      value = undefined;
      readAt = 0;
    },
  };
}
