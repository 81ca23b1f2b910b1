/** What the System section shows of the purges (shared by the server and the dashboard). */
export type PurgeRow = {
  id: number;
  reason: string;
  tags: string[];
  status: string;
  attempts: number;
  lastError: string | null;
  queuedAt: string;
  purgedAt: string | null;
};

export type CdnStatus = {
  /** Each configured target and where it is (never a token); empty: nothing is purged. */
  targets: Array<{ target: string; where: string }>;
  /** Seconds a CDN keeps a shared answer. */
  edgeMaxAge: number;
  recent: PurgeRow[];
  failures: PurgeRow[];
};
