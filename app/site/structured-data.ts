import { faqPageItems, type FaqItem } from "./faq-content";
import { absoluteUrl } from "./addresses";
import { siteConfig } from "./config";

export type JsonLd = Record<string, unknown>;

/**
 * Schema.org objects for the pages that need more than the WebPage + BreadcrumbList pair
 * `seo()` adds. Pure functions of the site URL so the canonical host comes from config.
 */
/** The graph's node ids: every page's WebPage, the BlogPosting and the WebSite point at these. */
export const graphIds = {
  organization: (siteUrl: string) => `${siteUrl}/#organization`,
  website: (siteUrl: string) => `${siteUrl}/#website`,
  webPage: (pageUrl: string) => `${pageUrl}#webpage`,
  breadcrumb: (pageUrl: string) => `${pageUrl}#breadcrumb`,
};

export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": graphIds.organization(siteUrl),
    name: siteConfig.name,
    description: siteConfig.description,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, "/icon-512.png"),
    slogan: siteConfig.slogan,
    foundingDate: String(siteConfig.founded),
    email: siteConfig.supportEmail,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: siteConfig.supportEmail,
      url: absoluteUrl(siteUrl, "/contact"),
      availableLanguage: ["English"],
    },
    address: {
      "@type": "PostalAddress",
      addressLocality: siteConfig.location.city,
      addressCountry: "AU",
    },
    sameAs: siteConfig.social.map((profile) => profile.href),
  };
}

export function webSiteJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": graphIds.website(siteUrl),
    name: siteConfig.name,
    url: absoluteUrl(siteUrl, "/"),
    publisher: { "@id": graphIds.organization(siteUrl) },
    potentialAction: {
      "@type": "SearchAction",
      target: `${siteUrl}/search?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

/**
 * A question is marked up once across the site: on /faq, which holds the full list. Another page
 * showing some of the same questions marks up only the ones /faq does not have.
 */
export function faqItemsToMarkUp(path: string, items: readonly FaqItem[]): FaqItem[] {
  if (path === "/faq") return [...items];
  const onFaqPage = new Set(faqPageItems.map((item) => item.question));
  return items.filter((item) => !onFaqPage.has(item.question));
}

export function faqPageJsonLd(items: readonly FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}
