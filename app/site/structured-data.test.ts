import { describe, expect, it } from "vitest";
import { faqPageItems, homeFaq } from "./faq-content";
import { faqItemsToMarkUp, faqPageJsonLd, organizationJsonLd, webSiteJsonLd } from "./structured-data";

describe("FAQ content", () => {
  it("has 7 home questions and 10 FAQ-page questions, each with a unique id", () => {
    expect(homeFaq).toHaveLength(7);
    expect(faqPageItems).toHaveLength(10);
    for (const list of [homeFaq, faqPageItems]) {
      expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
      for (const item of list) {
        expect(item.question.trim()).not.toBe("");
        expect(item.answer.length).toBeGreaterThan(40);
      }
    }
  });

  it("states the minimum drinking age", () => {
    expect(homeFaq.some((item) => item.answer.includes("21 or older"))).toBe(true);
  });
});

describe("structured data", () => {
  const site = "https://clink.example";

  it("maps FAQ items to FAQPage questions in order", () => {
    const data = faqPageJsonLd(homeFaq) as { "@type": string; mainEntity: Array<{ name: string; acceptedAnswer: { text: string } }> };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(7);
    expect(data.mainEntity[0]?.name).toBe(homeFaq[0]?.question);
    expect(data.mainEntity[6]?.acceptedAnswer.text).toBe(homeFaq[6]?.answer);
  });

  it("gives the WebSite a SearchAction aimed at /search", () => {
    const data = webSiteJsonLd(site) as { potentialAction: Record<string, string> };
    expect(data.potentialAction).toEqual({
      "@type": "SearchAction",
      target: "https://clink.example/search?q={search_term_string}",
      "query-input": "required name=search_term_string",
    });
  });

  it("describes the organisation with absolute URLs", () => {
    const data = organizationJsonLd(site) as Record<string, unknown>;
    expect(data["@type"]).toBe("Organization");
    expect(data.url).toBe("https://clink.example/");
    expect(data.logo).toBe("https://clink.example/icon-512.png");
  });
});

describe("FAQ markup across the site", () => {
  it("marks up each question once: /faq has them all, the home page only the ones /faq lacks", () => {
    const onFaq = faqItemsToMarkUp("/faq", faqPageItems).map((q) => q.question);
    const onHome = faqItemsToMarkUp("/", homeFaq).map((q) => q.question);
    expect(onFaq).toHaveLength(faqPageItems.length);
    expect(onHome.filter((q) => onFaq.includes(q))).toEqual([]);
    expect(new Set([...onFaq, ...onHome]).size).toBe(new Set([...faqPageItems, ...homeFaq].map((q) => q.question)).size);
  });
});
