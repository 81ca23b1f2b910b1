import { describe, expect, it } from "vitest";
import { deletionDueDate } from "./deletion-request-state";

describe("deletion request due date", () => {
  it("is 30 days after verification", () => {
    expect(deletionDueDate(new Date("2026-01-10T12:00:00Z")).toISOString()).toBe("2026-02-09T12:00:00.000Z");
  });
});
