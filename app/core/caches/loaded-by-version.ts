/**
 * A value loaded from the database per content version (the blog's snapshot, the tag index, the
 * crawlers' list), loaded once however many callers ask at once. A load is shared only with callers
 * asking for the same version: a load begun before a write (for the version before it) never answers
 * a caller that needs the write, whose version check names the newer version. The kept value is only
 * replaced by one whose load began later.
 */
export type LoadedByVersion<T> = {
  get(version: string): Promise<T>;
  /** The kept value, when it was loaded for `version`. */
  peek(version: string): T | undefined;
};

export function loadedByVersion<T>(load: (version: string) => Promise<T>): LoadedByVersion<T> {
  let kept: { version: string; value: T; started: number } | undefined;
  let pending: { version: string; promise: Promise<T> } | undefined;
  let loads = 0;
  return {
    get(version) {
      if (kept?.version === version) return Promise.resolve(kept.value);
      if (pending?.version === version) return pending.promise;
      const started = ++loads;
      const promise = load(version).then((value) => {
        if (!kept || kept.started < started) kept = { version, value, started };
        return value;
      });
      pending = { version, promise };
      const clear = () => void (pending?.promise === promise && (pending = undefined));
      promise.then(clear, clear);
      return promise;
    },
    peek(version) {
      return kept?.version === version ? kept.value : undefined;
    },
  };
}
