/**
 * A content version read from the database, so every instance sharing it sees another's write:
 * read at most once per `everyMs` on each instance (concurrent callers share one query), and at
 * once after this instance's own write (`changed()`). A read begun before `changed()` may not have
 * seen the write: it answers only the callers that joined it before, and is not kept.
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
  let pending: { changes: number; promise: Promise<string> } | undefined;
  /** How many times this instance wrote (changed()): a read begun at an older count is stale. */
  let changes = 0;
  return {
    current() {
      if (value !== undefined && Date.now() - readAt < everyMs) return Promise.resolve(value);
      if (pending?.changes !== changes) {
        const started = changes;
        const promise = read().then((fresh) => {
          if (started === changes) {
            value = fresh;
            readAt = Date.now();
          }
          return fresh;
        });
        const clear = () => void (pending?.promise === promise && (pending = undefined));
        promise.then(clear, clear);
        pending = { changes: started, promise };
      }
      return pending.promise;
    },
    fresh() {
      return value !== undefined && Date.now() - readAt < everyMs ? value : undefined;
    },
    changed() {
      changes++;
      value = undefined;
      readAt = 0;
    },
  };
}
