import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/core/text/field-errors";
import { CORRECT_STATEMENT, SECURITY_STATEMENTS, deletionRequestSchema } from "./deletion-request";
import { formFields } from "./form-data";

describe("deletionRequestSchema", () => {
  it("gives each field the spec's message", () => {
    const result = deletionRequestSchema.safeParse({
      firstName: "A",
      email: "nope",
      phone: "123456789",
      captchaVerified: false,
      confirmDelete: false,
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      firstName: "First name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      captchaVerified: "Please verify that you're not a robot",
      confirmDelete: "You must confirm that you want to delete your data",
    });
  });

  it("accepts a complete request", () => {
    expect(
      deletionRequestSchema.parse({
        firstName: "Jo",
        email: "jo@example.com",
        phone: "0412 345 678",
        captchaVerified: true,
        confirmDelete: true,
      }),
    ).toMatchObject({ firstName: "Jo" });
  });

  it("has one true statement among three, the one about a social drinking app", () => {
    expect(SECURITY_STATEMENTS).toHaveLength(3);
    expect(SECURITY_STATEMENTS.find((s) => s.id === CORRECT_STATEMENT)!.text).toMatch(/social drinking app/);
  });
});

describe("formFields", () => {
  it("reads named text fields and checkboxes, ignores others and files", () => {
    const form = new FormData();
    form.set("firstName", "Jo");
    form.set("confirmDelete", "on");
    form.set("extra", "x");
    form.set("email", new Blob(["x"]));
    expect(formFields(form, ["firstName", "email"], ["confirmDelete", "other"])).toEqual({
      firstName: "Jo",
      confirmDelete: true,
      other: false,
    });
  });
});
