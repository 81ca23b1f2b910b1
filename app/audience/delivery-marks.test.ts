import { describe, expect, it } from "vitest";
import { deliveryMarks } from "./delivery-marks";

describe("deliveryMarks", () => {
  it("gives each row its own person's message, and none to a person skipped between two others", () => {
    expect(deliveryMarks([11, 12, 13, 14], ["a", null, "c", null], [501, 502])).toEqual([
      { subscriberId: 11, mailId: 501 },
      { subscriberId: 12, mailId: null },
      { subscriberId: 13, mailId: 502 },
      { subscriberId: 14, mailId: null },
    ]);
  });

  it("marks every row done with no message when everyone was skipped", () => {
    expect(deliveryMarks([7, 8], [null, null], [])).toEqual([
      { subscriberId: 7, mailId: null },
      { subscriberId: 8, mailId: null },
    ]);
  });

  it("refuses counts that do not match rather than pair a row with another person's message", () => {
    expect(() => deliveryMarks([1, 2], ["a", "b"], [9])).toThrow(/2 to queue, 1 queued/);
    expect(() => deliveryMarks([1], ["a", "b"], [9, 10])).toThrow(/1 rows, 2 messages/);
  });
});
