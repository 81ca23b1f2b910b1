import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./addresses";
import { pageSeo, seo } from "./seo";

const matches = [{ id: "root", loaderData: { siteUrl: "https://clink.example" } }];

describe("seo", () => {
  it("makes absolute canonical and social URLs from the site URL", () => {
    const meta = seo(matches, { title: "About Us", description: "d".repeat(60), path: "/about" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://clink.example/about" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://clink.example/about" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://clink.example/images/social-card.png" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  const jsonLdOf = (meta: ReturnType<typeof seo>) =>
    meta.filter((m) => "script:ld+json" in m).map((m) => (m as { "script:ld+json": Record<string, unknown> })["script:ld+json"]);

  it("adds one linked graph: Organization and WebSite, and a WebPage and BreadcrumbList pointing at them for a shown trail", () => {
    const meta = seo(matches, {
      title: "A night out",
      description: "d".repeat(60),
      path: "/blog/a-night-out",
      breadcrumbs: [
        { name: "Blog", path: "/blog" },
        { name: "A night out", path: "/blog/a-night-out" },
      ],
    });
    const ld = jsonLdOf(meta);
    expect(ld.map((d) => d["@type"])).toEqual(["Organization", "WebSite", "WebPage", "BreadcrumbList"]);
    const [organization, website, webPage, breadcrumb] = ld as Array<Record<string, unknown>>;
    expect(organization!["@id"]).toBe("https://clink.example/#organization");
    expect(organization!.contactPoint).toMatchObject({ "@type": "ContactPoint", email: "support@clink.app" });
    expect(typeof organization!.description).toBe("string");
    expect(website!.publisher).toEqual({ "@id": organization!["@id"] });
    expect(webPage).toMatchObject({
      "@id": "https://clink.example/blog/a-night-out#webpage",
      isPartOf: { "@id": website!["@id"] },
      breadcrumb: { "@id": breadcrumb!["@id"] },
    });
    expect(ld[3]!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://clink.example/" },
      { "@type": "ListItem", position: 2, name: "Blog", item: "https://clink.example/blog" },
      { "@type": "ListItem", position: 3, name: "A night out", item: "https://clink.example/blog/a-night-out" },
    ]);
  });

  it("gives a page that shows no trail a WebPage without breadcrumb and no BreadcrumbList", () => {
    const ld = jsonLdOf(seo(matches, { title: "FAQ", description: "d".repeat(60), path: "/faq", webPage: true }));
    expect(ld.map((d) => d["@type"])).toEqual(["Organization", "WebSite", "WebPage"]);
    expect(ld[2]).not.toHaveProperty("breadcrumb");
  });

  it("pageSeo: registered pages get a WebPage and no BreadcrumbList, the home page neither", () => {
    expect(jsonLdOf(pageSeo(matches, "/faq")).map((d) => d["@type"])).toEqual(["Organization", "WebSite", "WebPage"]);
    expect(jsonLdOf(pageSeo(matches, "/")).map((d) => d["@type"])).toEqual(["Organization", "WebSite"]);
  });

  it("marks noindex pages", () => {
    expect(seo(matches, { title: "x", description: "y", path: "/x", noindex: true })).toContainEqual({
      name: "robots",
      content: "noindex, nofollow",
    });
  });

  it("leaves absolute URLs alone", () => {
    expect(absoluteUrl("https://a.example", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    expect(absoluteUrl("https://a.example", "x.png")).toBe("https://a.example/x.png");
  });
});
