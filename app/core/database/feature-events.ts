import type { DbExecutor } from "./db.server";

export type FeatureEventListener<E> = (db: DbExecutor, event: E) => Promise<void>;

/**
 * What a feature tells the rest of the site, without knowing who listens (lint keeps features from calling
 * the webhooks themselves: eslint.config.js). Listeners register at start (app/startup.server.ts) and run in
 * the change's transaction, so what they queue (a webhook delivery, a job) is stored with it or not at all.
 */
export function featureEvents<E>() {
  const listeners = new Map<string, FeatureEventListener<E>>();
  return {
    /** Registers `listener` under `name` (registering the name again replaces it: a module evaluated twice). */
    on(name: string, listener: FeatureEventListener<E>): void {
      listeners.set(name, listener);
    },
    /** Tells every listener, in `db` (the change's transaction). */
    async emit(db: DbExecutor, event: E): Promise<void> {
      for (const listener of listeners.values()) await listener(db, event);
    },
  };
}

/** An event about a person: in full for listeners allowed personal data, else `withoutPersonalData`. */
export type PersonalEvent = { data: unknown; withoutPersonalData: unknown };
