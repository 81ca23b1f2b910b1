import { describe, expect, it } from "vitest";
import { insertRun, MARKER, runSection } from "./bench-docs.mjs";

const section = runSection({
  date: "2026-12-01",
  machine: "2 × CPU",
  command: "npm run bench",
  tables: [{ title: "Pages", rows: [{ page: "/", "req/s": 100 }] }],
  lines: ["idle memory: 200 MB"],
});

describe("bench figures in docs/benchmarks.md", () => {
  it("writes a run with its date, machine, command and tables", () => {
    expect(section).toBe(
      "## 2026-12-01: 2 × CPU (`npm run bench`)\n\nPages:\n\n| page | req/s |\n| --- | --- |\n| / | 100 |\n\n- idle memory: 200 MB\n",
    );
  });

  it("puts the newest run first, below the marker, above the older runs", () => {
    const doc = `# Benchmarks\n\n${MARKER} newest first -->\n\n## 2026-11-26: old\n`;
    const next = insertRun(doc, section);
    expect(next.indexOf("## 2026-12-01")).toBeGreaterThan(next.indexOf(MARKER));
    expect(next.indexOf("## 2026-12-01")).toBeLessThan(next.indexOf("## 2026-11-26"));
  });
});
