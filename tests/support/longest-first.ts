import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Runs the files that took longest in a measured run first, so that no long file starts last and leaves
 * the other workers idle while it finishes (on a clean clone Vitest has no timings of its own and orders by
 * file size: the fuzz file, 474 s on the two databases, could start near the end). The weights are the
 * seconds each file took in a measured run (`tests/file-weights.json`, written by
 * `node scripts/test-times.mjs --save-weights` after `npm test`); a file not listed yet runs first, as
 * Vitest runs unknown files first. Group order (the files that run alone) still comes before all this.
 */
export const WEIGHTS_FILE = path.resolve(import.meta.dirname, "../file-weights.json");

function weights(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(WEIGHTS_FILE, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = weights();
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) => known[path.relative(root, spec.moduleId)] ?? Number.POSITIVE_INFINITY;
    const size = (spec: TestSpecification) => fs.statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const byWeight = weight(b) - weight(a);
      // Files not measured yet (both unknown): the larger first, as Vitest orders files it has no timings of.
      return Number.isNaN(byWeight) ? size(b) - size(a) : byWeight;
    });
  }
}
