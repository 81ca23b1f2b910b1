/**
 * How long a probe may wait while a heavy request runs, judged against that request rather than by a
 * clock alone: a probe stuck behind the work waits about as long as the work, so the longest probe must
 * stay under half of it, or under a second when the work is short (a loaded 2-core CI machine made
 * probes of a healthy site take up to 370 ms). How fast it is, is a bench figure (`npm run bench`).
 */
export const heldBound = (workMs: number): number => Math.max(workMs / 2, 1000);
