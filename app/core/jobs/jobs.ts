/** What the admin sees of the job runner (GET /api/admin/jobs); shared by the server and the dashboard. */
type JobState = "queued" | "running" | "done" | "dead";
type JobCount = { type: string; state: JobState; count: number };
type DeadJob = { id: number; type: string; attempts: number; lastError: string | null; createdAt: string; finishedAt: string | null };
export type JobsOverview = { counts: JobCount[]; dead: DeadJob[] };

/** Jobs of the default lane one instance runs at once: a slow backup still leaves mail two slots. */
export const DEFAULT_LANE_CONCURRENCY = 3;
