import { describe, expect, it } from "vitest";
import { backupFileName, backupsToPrune, dependencyOrder, isBackupFileName } from "./format";

describe("dependencyOrder", () => {
  it("puts every table after the tables it references", () => {
    const order = dependencyOrder(
      ["post_images", "posts", "admin_users", "audit_log"],
      [
        { child: "post_images", parent: "posts" },
        { child: "posts", parent: "admin_users" },
        { child: "audit_log", parent: "admin_users" },
      ],
    );
    expect(order.indexOf("admin_users")).toBeLessThan(order.indexOf("posts"));
    expect(order.indexOf("posts")).toBeLessThan(order.indexOf("post_images"));
    expect(order.indexOf("admin_users")).toBeLessThan(order.indexOf("audit_log"));
    expect(order).toHaveLength(4);
  });

  it("ends on a cycle and ignores self-references", () => {
    expect(
      dependencyOrder(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
          { child: "a", parent: "a" },
        ],
      ).sort(),
    ).toEqual(["a", "b"]);
  });
});

describe("backup file names", () => {
  it("name archives by time and keep the newest", () => {
    const name = backupFileName(new Date("2026-11-23T03:00:00.123Z"));
    expect(name).toBe("clink-backup-2026-11-23T03-00-00Z.jsonl.gz");
    expect(isBackupFileName(name)).toBe(true);
    const names = ["2026-11-20", "2026-11-22", "2026-11-21", "2026-11-23"].map((d) => backupFileName(new Date(`${d}T03:00:00Z`)));
    expect(backupsToPrune([...names, "notes.txt"], 2)).toEqual([names[2], names[0]]);
  });
});
