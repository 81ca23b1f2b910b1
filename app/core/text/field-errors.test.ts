import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./field-errors";

describe("fieldErrors", () => {
  const schema = z
    .object({ name: z.string().min(2, "Too short"), tags: z.array(z.string().max(3, "Tag too long")) })
    .refine((v) => v.name !== "xx", "Not allowed");

  it("keys each message by the field it belongs to, the first message only", () => {
    const result = schema.safeParse({ name: "a", tags: ["long tag", "also long"] });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ name: "Too short", tags: "Tag too long" });
  });

  it("puts an error about the whole input under _form", () => {
    const result = schema.safeParse({ name: "xx", tags: [] });
    expect(fieldErrors(result.error!)).toEqual({ _form: "Not allowed" });
  });
});
