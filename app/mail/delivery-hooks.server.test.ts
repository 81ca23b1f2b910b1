import { describe, expect, it } from "vitest";
import { permanentRefusal } from "./delivery-hooks.server";

describe("a permanent refusal of the recipient", () => {
  const envelope = (responseCode: number, rejected = ["Gone@Example.com"]) => ({
    code: "EENVELOPE",
    responseCode,
    response: `${responseCode} 5.1.1 No such user`,
    rejected,
  });

  it("is a 5xx to RCPT TO naming the recipient", () => {
    expect(permanentRefusal(envelope(550), "gone@example.com")).toBe("550 5.1.1 No such user");
    expect(permanentRefusal({ ...envelope(553), rejected: [] }, "gone@example.com")).toContain("553");
  });

  it("is not a 4xx, another recipient's refusal, a refusal of the message, or a connection failure", () => {
    expect(permanentRefusal(envelope(451), "gone@example.com")).toBeNull();
    expect(permanentRefusal(envelope(550, ["other@example.com"]), "gone@example.com")).toBeNull();
    expect(permanentRefusal({ code: "EMESSAGE", responseCode: 554, response: "554 5.7.1 Spam" }, "gone@example.com")).toBeNull();
    expect(permanentRefusal({ code: "ECONNECTION" }, "gone@example.com")).toBeNull();
    expect(permanentRefusal(new Error("x"), "gone@example.com")).toBeNull();
  });
});
