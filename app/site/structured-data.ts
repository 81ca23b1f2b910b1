import type { FaqItem } from "./faq-content";
import { absoluteUrl, type JsonLd } from "./seo";
import { siteConfig } from "./config";

/**
 * Schema.org objects for the pages that need more than the WebPage + BreadcrumbList pair
 * `seo()` adds. Pure functions of the site URL so the canonical host comes from config.
 */
export function organizationJsonLd(siteUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.name,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, "/icon-512.png"),
    slogan: siteConfig.slogan,
    foundingDate: String(siteConfig.founded),
    email: siteConfig.supportEmail,
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
    name: siteConfig.name,
    url: absoluteUrl(siteUrl, "/"),
    potentialAction: {
      "@type": "SearchAction",
      target: `${siteUrl}/search?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
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
