import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./config";
import { sitePage } from "./pages";

/**
 * One typed way for a page to declare its metadata and structured data. Call it from a
 * route's `meta` export; absolute URLs come from SITE_URL, which the root loader provides.
 */
export type JsonLd = Record<string, unknown>;

export type PageSeo = {
  /** The document title. Only the home page carries the brand. */
  title: string;
  /** 50-160 characters. */
  description: string;
  /** The page's own path, e.g. "/about", used for the canonical URL. */
  path: string;
  image?: { url: string; alt: string; width?: number; height?: number };
  type?: "website" | "article";
  noindex?: boolean;
  /** Breadcrumb trail after Home, e.g. [{name: "About", path: "/about"}]. Adds WebPage + BreadcrumbList. */
  breadcrumbs?: Array<{ name: string; path: string }>;
  jsonLd?: JsonLd[];
  extra?: MetaDescriptor[];
};

type RootMatch = { id: string; loaderData?: unknown } | undefined;

export function siteUrlFrom(matches: ReadonlyArray<RootMatch>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function webPageJsonLd(siteUrl: string, page: Pick<PageSeo, "title" | "description" | "path" | "breadcrumbs">): JsonLd[] {
  const url = absoluteUrl(siteUrl, page.path);
  const crumbs = [{ name: "Home", path: "/" }, ...(page.breadcrumbs ?? [])];
  return [
    {
      "@context": "https://schema.org",
      "@type": "WebPage",
      name: page.title,
      description: page.description,
      url,
      isPartOf: { "@type": "WebSite", name: siteConfig.name, url: siteUrl },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: crumb.name,
        item: absoluteUrl(siteUrl, crumb.path),
      })),
    },
  ];
}

export function seo(matches: ReadonlyArray<RootMatch>, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const url = absoluteUrl(siteUrl, page.path);
  const image = page.image ?? { url: siteConfig.defaultSocialImage, alt: `${siteConfig.name}: ${siteConfig.slogan}`, width: 1200, height: 630 };
  const imageUrl = absoluteUrl(siteUrl, image.url);
  const structured = [...(page.breadcrumbs ? webPageJsonLd(siteUrl, page) : []), ...(page.jsonLd ?? [])];
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    ...(page.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    ...(image.width ? [{ property: "og:image:width", content: String(image.width) }] : []),
    ...(image.height ? [{ property: "og:image:height", content: String(image.height) }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...structured.map((data) => ({ "script:ld+json": data })),
    ...(page.extra ?? []),
  ];
}

/**
 * A registered page's metadata (app/site/pages.ts), with a breadcrumb after Home for every page but
 * the home page; `more` adds or overrides (structured data, noindex, feed links).
 */
export function pageSeo(matches: ReadonlyArray<RootMatch>, path: string, more: Omit<Partial<PageSeo>, "path"> = {}): MetaDescriptor[] {
  const entry = sitePage(path);
  return seo(matches, {
    title: entry.title,
    description: entry.description,
    path,
    ...(path === "/" ? {} : { breadcrumbs: [{ name: entry.name, path }] }),
    noindex: !entry.indexable,
    ...more,
  });
}
