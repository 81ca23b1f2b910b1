import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/core/text/field-errors";
import { advertisingInquirySchema, advertisingSubmission } from "./advertising-inquiry";
import { contactSubmissionSchema } from "./contact-submission";

const valid = {
  companyName: "Rooftop Co",
  contactName: "Sam Lee",
  email: "sam@rooftop.example",
  phone: "+61 2 5550 1234",
  website: "https://rooftop.example",
  message: "We would like to promote our Friday happy hour.",
};

const errorsOf = (input: unknown) => {
  const result = advertisingInquirySchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("advertisingInquirySchema", () => {
  it("gives each field the spec's message", () => {
    expect(
      errorsOf({ ...valid, companyName: "A", contactName: " B ", email: "x@", phone: "1234", website: "rooftop", message: "too short" }),
    ).toEqual({
      companyName: "Company name must be at least 2 characters",
      contactName: "Contact name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Phone number must be at least 5 characters",
      website: "Please enter a valid URL",
      message: "Message must be at least 10 characters",
    });
  });

  it("defaults the budget to the first band and refuses others", () => {
    expect(advertisingInquirySchema.parse(valid).budget).toBe("$100-$1,000");
    expect(errorsOf({ ...valid, budget: "$1M" }).budget).toBeDefined();
    expect(advertisingInquirySchema.parse({ ...valid, budget: "$20,000+" }).budget).toBe("$20,000+");
  });

  it("takes only web addresses as the website, and no unknown fields", () => {
    expect(errorsOf({ ...valid, website: "javascript:alert(1)" }).website).toBe("Please enter a valid URL");
    expect(errorsOf({ ...valid, website: "ftp://rooftop.example" }).website).toBe("Please enter a valid URL");
    expect(Object.keys(errorsOf({ ...valid, isAdmin: true }))).toEqual(["_form"]);
  });

  it("becomes spec section 7's submission, which the API schema accepts", () => {
    const body = advertisingSubmission(advertisingInquirySchema.parse(valid));
    expect(body).toMatchObject({
      name: "Sam Lee",
      email: valid.email,
      subject: "Advertising Inquiry from Rooftop Co",
      inquiryType: "advertising",
      budget: "$100-$1,000",
    });
    expect(body.message).toContain("Company: Rooftop Co");
    expect(body.message).toContain("Website: https://rooftop.example");
    expect(body.message).toContain(valid.message);
    expect(contactSubmissionSchema.safeParse(body).success).toBe(true);
  });
});
