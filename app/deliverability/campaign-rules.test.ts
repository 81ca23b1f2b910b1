import { describe, expect, it } from "vitest";
import { blockOf, pauseReason, type CampaignCounts } from "./campaign-rules";

const counts = (c: Partial<CampaignCounts>): CampaignCounts => ({
  attempted: 0,
  complained: 0,
  block: 0,
  blockBounced: 0,
  pausedBlock: null,
  complaintsAtPause: 0,
  ...c,
});

describe("when a mailing pauses itself", () => {
  it("counts attempts in blocks of 200", () => {
    expect([1, 200, 201, 400, 401].map(blockOf)).toEqual([0, 0, 1, 1, 2]);
  });

  it("pauses past 10 hard bounces (5%) in a block, once per block", () => {
    expect(pauseReason(counts({ attempted: 60, blockBounced: 10 }))).toBeNull();
    expect(pauseReason(counts({ attempted: 60, blockBounced: 11 }))).toBe("11 hard bounces among attempts 1 to 200: more than 5%");
    expect(pauseReason(counts({ attempted: 90, blockBounced: 14, pausedBlock: 0 }))).toBeNull();
    expect(pauseReason(counts({ attempted: 260, block: 1, blockBounced: 11, pausedBlock: 0 }))).toContain("attempts 201 to 400");
  });

  it("pauses past 0.3% complaints of at least 200, and again only on new complaints", () => {
    expect(pauseReason(counts({ attempted: 10, complained: 0 }))).toBeNull();
    expect(pauseReason(counts({ attempted: 10, complained: 1 }))).toContain("1 spam complaints");
    expect(pauseReason(counts({ attempted: 1000, complained: 3 }))).toBeNull();
    expect(pauseReason(counts({ attempted: 1000, complained: 4 }))).toContain("more than 0.3%");
    expect(pauseReason(counts({ attempted: 1000, complained: 4, complaintsAtPause: 4 }))).toBeNull();
  });
});
