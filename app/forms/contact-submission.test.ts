import { describe, expect, it } from "vitest";
import { budgetLabel, contactSubmissionSchema, inquiryTypeLabel } from "./contact-submission";

describe("contact submission labels", () => {
  it("names every inquiry type as the spec does", () => {
    expect(inquiryTypeLabel("general_info")).toBe("General Information");
    expect(inquiryTypeLabel("partnerships")).toBe("Partnership Opportunities");
    expect(inquiryTypeLabel("advertising")).toBe("Advertising Inquiries");
    expect(inquiryTypeLabel("press")).toBe("Press & Media");
    expect(inquiryTypeLabel("careers")).toBe("Careers");
    expect(inquiryTypeLabel("delete_my_data")).toBe("Delete My Data");
    expect(inquiryTypeLabel("other")).toBe("Other");
    expect(inquiryTypeLabel("something_new")).toBe("something_new");
  });

  it("names every budget band, and a missing one reads Not specified", () => {
    expect(budgetLabel("under_5k")).toBe("Under $5,000");
    expect(budgetLabel("5k_to_15k")).toBe("$5,000 - $15,000");
    expect(budgetLabel("15k_to_30k")).toBe("$15,000 - $30,000");
    expect(budgetLabel("over_30k")).toBe("$30,000+");
    expect(budgetLabel("not_disclosed")).toBe("Not disclosed");
    expect(budgetLabel(null)).toBe("Not specified");
    expect(budgetLabel(undefined)).toBe("Not specified");
    expect(budgetLabel("")).toBe("Not specified");
  });
});

describe("contactSubmissionSchema", () => {
  const valid = { name: " Ada ", email: "ada@example.com", subject: "Hi", message: "Hello there" };
  it("trims, and defaults the inquiry type to general_info", () => {
    expect(contactSubmissionSchema.parse(valid)).toEqual({ ...valid, name: "Ada", inquiryType: "general_info" });
  });
  it("refuses unknown codes and a bad e-mail", () => {
    expect(contactSubmissionSchema.safeParse({ ...valid, inquiryType: "spam" }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...valid, budget: "1M" }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...valid, email: "nope" }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...valid, message: "  " }).success).toBe(false);
    expect(contactSubmissionSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });
  it("takes an advertising enquiry's own fields and budget bands", () => {
    const ad = {
      ...valid,
      inquiryType: "advertising",
      companyName: "Bar Co",
      phone: "12345",
      website: "https://bar.example",
      budget: "$5,000-$10,000",
    };
    expect(contactSubmissionSchema.parse(ad)).toMatchObject({ companyName: "Bar Co", budget: "$5,000-$10,000" });
    expect(contactSubmissionSchema.safeParse({ ...ad, companyName: "B" }).error?.issues[0]?.message).toBe(
      "Company name must be at least 2 characters",
    );
  });
});
