import { describe, expect, it } from "vitest";
import { KEEP_NEWEST, revisionDiff, revisionsToThin } from "./revisions";

const HOUR = 3_600_000;

describe("revisionsToThin", () => {
  it("drops nothing while there are at most `max`", () => {
    const revisions = Array.from({ length: 5 }, (_, i) => ({ id: 5 - i, createdAt: (5 - i) * HOUR }));
    expect(revisionsToThin(revisions, 6 * HOUR, 5)).toEqual([]);
  });

  it("keeps the newest ones and thins the old densely saved ones first", () => {
    const now = 1000 * HOUR;
    // Newest first: 12 saves a minute apart just now, then 8 saves a minute apart long ago, then one very old.
    const recent = Array.from({ length: 12 }, (_, i) => ({ id: 100 - i, createdAt: now - i * 60_000 }));
    const old = Array.from({ length: 8 }, (_, i) => ({ id: 50 - i, createdAt: now - 500 * HOUR - i * 60_000 }));
    const oldest = { id: 1, createdAt: 0 };
    const all = [...recent, ...old, oldest];
    const dropped = revisionsToThin(all, now, 15);
    expect(dropped).toHaveLength(all.length - 15);
    // The newest are never thinned, and the very oldest (far from its neighbour) stays.
    for (const r of all.slice(0, KEEP_NEWEST)) expect(dropped).not.toContain(r.id);
    expect(dropped).not.toContain(1);
    // What goes is from the dense old burst before anything recent beyond the kept newest.
    expect(dropped.filter((id) => id <= 50)).toHaveLength(dropped.length);
  });
});

describe("revisionDiff", () => {
  it("shows the lines a restore would bring back and take away, and which short fields differ", () => {
    const diff = revisionDiff(
      { title: "Old", excerpt: "Same", content: "one\ntwo\nthree\n" },
      { title: "New", excerpt: "Same", content: "one\n2\nthree\n" },
    );
    expect(diff.title).toEqual({ from: "Old", to: "New" });
    expect(diff.excerpt).toBeNull();
    expect(diff.content).toEqual([
      { value: "one\n", added: false, removed: false },
      { value: "two\n", added: false, removed: true },
      { value: "2\n", added: true, removed: false },
      { value: "three\n", added: false, removed: false },
    ]);
  });
});
