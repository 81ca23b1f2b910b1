import { describe, expect, it } from "vitest";
import { serialized } from "./serialized";

describe("serialized flush", () => {
  it("never overlaps, and a call made during a flush waits for a later one that sees its rows", async () => {
    const buffer: number[] = [];
    const written: number[][] = [];
    let active = 0;
    let release!: () => void;
    let gate: Promise<void> = new Promise((r) => (release = r));
    const flush = serialized(async () => {
      active++;
      expect(active).toBe(1);
      const rows = buffer.splice(0);
      await gate;
      written.push(rows);
      active--;
    });
    buffer.push(1);
    const first = flush();
    await Promise.resolve();
    buffer.push(2); // arrives while the first flush is writing [1]
    const second = flush();
    release();
    gate = Promise.resolve();
    await first;
    await second;
    expect(written.flat()).toEqual([1, 2]);
  });
});
