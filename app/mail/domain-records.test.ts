import { describe, expect, it } from "vitest";
import { aligned, judgeDkim, judgeDmarc, judgeSpf, mailFromDomain, tags } from "./domain-records";

describe("the sending domain's records judged", () => {
  it("finds MAIL_FROM's domain and DMARC's relaxed alignment", () => {
    expect(mailFromDomain("Clink <No-Reply@Mail.Clink.example>")).toBe("mail.clink.example");
    expect(mailFromDomain("news@clink.example")).toBe("clink.example");
    expect(aligned("clink.example", "mail.clink.example")).toBe(true);
    expect(aligned("clink.example", "clink.example")).toBe(true);
    expect(aligned("other.example", "clink.example")).toBe(false);
    expect(aligned("example", "clink.example")).toBe(false);
    expect(tags("v=DKIM1; k=rsa; p=AB CD")).toEqual({ v: "DKIM1", k: "rsa", p: "ABCD" });
  });

  it("SPF: right, two records, +all, missing with the record to add", () => {
    expect(judgeSpf("c.example", ["v=spf1 include:_spf.example -all", "google-site-verification=x"]).state).toBe("right");
    expect(judgeSpf("c.example", ["v=spf1 -all", "v=spf1 mx -all"])).toMatchObject({
      state: "wrong",
      detail: expect.stringContaining("2 SPF records"),
    });
    expect(judgeSpf("c.example", ["v=spf1 +all"])).toMatchObject({ state: "wrong", detail: expect.stringContaining("+all") });
    expect(judgeSpf("c.example", [])).toMatchObject({ state: "missing", add: { name: "c.example" } });
  });

  it("DKIM: not configured, not aligned, missing, another key, revoked, right", () => {
    const expected = { name: "s._domainkey.c.example", value: "v=DKIM1; k=rsa; p=KEY", publicKey: "KEY" };
    expect(judgeDkim(null, "c.example", null, []).state).toBe("missing");
    expect(judgeDkim(expected, "c.example", "other.example", []).detail).toContain("will not align");
    expect(judgeDkim(expected, "c.example", "c.example", [])).toMatchObject({
      state: "missing",
      add: { name: expected.name, value: expected.value },
    });
    expect(judgeDkim(expected, "c.example", "c.example", ["v=DKIM1; p=OTHER"]).detail).toContain("does not match the configured key");
    expect(judgeDkim(expected, "c.example", "c.example", ["v=DKIM1; p="]).detail).toContain("revoked");
    expect(judgeDkim(expected, "c.example", "c.example", ["v=DKIM1; k=rsa; p=K EY"]).state).toBe("right");
  });

  it("DMARC: right with its policy, missing with the record to add, without a policy, twice", () => {
    expect(judgeDmarc("c.example", "_dmarc.c.example", ["v=DMARC1; p=quarantine; rua=mailto:d@c.example"])).toMatchObject({
      state: "right",
      detail: expect.stringContaining("policy quarantine"),
    });
    expect(judgeDmarc("c.example", "_dmarc.c.example", [])).toMatchObject({
      state: "missing",
      add: { name: "_dmarc.c.example", value: "v=DMARC1; p=none" },
    });
    expect(judgeDmarc("c.example", "_dmarc.c.example", ["v=DMARC1; rua=mailto:d@c.example"]).state).toBe("wrong");
    expect(judgeDmarc("c.example", "_dmarc.c.example", ["v=DMARC1; p=none", "v=DMARC1; p=reject"]).state).toBe("wrong");
  });
});
