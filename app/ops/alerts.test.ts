import { describe, expect, it } from "vitest";
import { alertChanges, opsConditions, type OpsFacts } from "./alerts";

const calm: OpsFacts = {
  oldestWaitingMailMs: 5 * 60_000,
  deadJobsByType: { "mail.deliver": 2 },
  lastBackup: { status: "succeeded", error: null },
  diskUsed: 0.5,
};

describe("the owner's alerts", () => {
  it("raises nothing when all is well", () => {
    expect(opsConditions(calm)).toEqual([]);
    expect(opsConditions({ oldestWaitingMailMs: null, deadJobsByType: {}, lastBackup: null, diskUsed: null })).toEqual([]);
  });

  it("raises mail stuck for an hour, a type with 3 dead jobs in a day, a failed backup and a disk past 90%", () => {
    const raised = opsConditions({
      oldestWaitingMailMs: 61 * 60_000,
      deadJobsByType: { "indexnow.post-changed": 3, "mail.deliver": 1 },
      lastBackup: { status: "failed", error: "disk full" },
      diskUsed: 0.93,
    });
    expect(raised.map((c) => c.condition)).toEqual(["mail-stuck", "jobs-failing:indexnow.post-changed", "backup-failed", "disk-full"]);
    expect(raised[0]!.detail).toContain("61 minutes");
    expect(raised[2]!.detail).toContain("disk full");
    expect(raised[3]!.detail).toContain("93%");
  });

  it("mails only what is new, and forgets what has cleared so it can be raised again", () => {
    const now = opsConditions({ ...calm, lastBackup: { status: "failed", error: null }, diskUsed: 0.95 });
    expect(alertChanges(now, ["backup-failed", "mail-stuck"])).toEqual({ fresh: [now[1]], cleared: ["mail-stuck"] });
    expect(alertChanges(now, ["backup-failed", "disk-full"])).toEqual({ fresh: [], cleared: [] });
  });
});
