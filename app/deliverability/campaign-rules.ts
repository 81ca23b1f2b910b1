/**
 * When a mailing stops itself (issue 51): its hard bounces pass 5% of a block of 200 attempts (the first 200,
 * or any later 200), or its complaints pass 0.3% of what was attempted (counted against at least 200, so a
 * complaint among the first 10 is 0.5%, not 10%). A block that paused a mailing does not pause it again once resumed;
 * complaints pause it again only when more arrive. Pure.
 */
const BLOCK_SIZE = 200;
const BOUNCE_RATE = 0.05;
const COMPLAINT_RATE = 0.003;

export type CampaignCounts = {
  attempted: number;
  complained: number;
  block: number;
  blockBounced: number;
  pausedBlock: number | null;
  complaintsAtPause: number;
};

/** The block an attempt falls in: 0 for the first 200, 1 for the next 200... (`attempt` counts from 1). */
export const blockOf = (attempt: number): number => Math.floor((Math.max(attempt, 1) - 1) / BLOCK_SIZE);

/** Why the mailing should pause now, or null. */
export function pauseReason(c: CampaignCounts): string | null {
  const bounceLimit = BOUNCE_RATE * BLOCK_SIZE;
  if (c.blockBounced > bounceLimit && c.pausedBlock !== c.block) {
    const from = c.block * BLOCK_SIZE + 1;
    return `${c.blockBounced} hard bounces among attempts ${from} to ${from + BLOCK_SIZE - 1}: more than ${BOUNCE_RATE * 100}%`;
  }
  const rate = c.complained / Math.max(c.attempted, BLOCK_SIZE);
  if (rate > COMPLAINT_RATE && c.complained > c.complaintsAtPause) {
    return `${c.complained} spam complaints for ${c.attempted} attempted: more than ${(COMPLAINT_RATE * 100).toFixed(1)}%`;
  }
  return null;
}
