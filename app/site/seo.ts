import type { MetaDescriptor } from "react-router";
import { absoluteUrl, markdownPath } from "./addresses";
import { siteConfig } from "./config";
import { graphIds, organizationJsonLd, webSiteJsonLd, type JsonLd } from "./structured-data";
import { sitePage } from "./pages";

/**
 * One typed way for a page to declare its metadata and structured data. Call it from a
 * route's `meta` export; absolute URLs come from SITE_URL, which the root loader provides.
 */

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
  /** Another address that is this page's original (a cross-post); the page's own address otherwise. */
  canonicalUrl?: string;
  /** What social cards title the page, when not its title. */
  socialTitle?: string;
  /** Adds a WebPage node for the page. */
  webPage?: boolean;
  /**
   * The trail after Home that the page SHOWS (see Breadcrumbs), e.g. [{name: "Blog", path: "/blog"}, ...].
   * Adds the WebPage with a BreadcrumbList: search engines expect the markup to match a visible trail.
   */
  breadcrumbs?: Array<{ name: string; path: string }>;
  jsonLd?: JsonLd[];
  extra?: MetaDescriptor[];
  /** The page's node when it is a kind of WebPage (CollectionPage, ProfilePage), with its own fields (mainEntity...). */
  webPageKind?: { type: string; fields: JsonLd };
  /** False for pages with no Markdown version (lists with page numbers, tag and author pages). */
  markdown?: boolean;
};

type RootMatch = { id: string; loaderData?: unknown } | undefined;

export function siteUrlFrom(matches: ReadonlyArray<RootMatch>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:3000";
}

function webPageJsonLd(siteUrl: string, page: Pick<PageSeo, "title" | "description" | "path" | "breadcrumbs" | "webPageKind">): JsonLd[] {
  const url = absoluteUrl(siteUrl, page.path);
  const webPage: JsonLd = {
    "@context": "https://schema.org",
    "@type": page.webPageKind?.type ?? "WebPage",
    ...page.webPageKind?.fields,
    "@id": graphIds.webPage(url),
    name: page.title,
    description: page.description,
    url,
    isPartOf: { "@id": graphIds.website(siteUrl) },
    publisher: { "@id": graphIds.organization(siteUrl) },
  };
  if (!page.breadcrumbs) return [webPage];
  const crumbs = [{ name: "Home", path: "/" }, ...page.breadcrumbs];
  return [
    { ...webPage, breadcrumb: { "@id": graphIds.breadcrumb(url) } },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      "@id": graphIds.breadcrumb(url),
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
  const image = page.image ?? {
    url: siteConfig.defaultSocialImage,
    alt: `${siteConfig.name}: ${siteConfig.slogan}`,
    width: 1200,
    height: 630,
  };
  const imageUrl = absoluteUrl(siteUrl, image.url);
  // One linked graph: the Organization and WebSite on every indexable page, the WebPage (and the
  // page's own nodes) pointing at them by @id.
  const structured = [
    ...(page.noindex ? [] : [organizationJsonLd(siteUrl), webSiteJsonLd(siteUrl)]),
    ...(page.webPage || page.breadcrumbs || page.webPageKind ? webPageJsonLd(siteUrl, page) : []),
    ...(page.jsonLd ?? []),
  ];
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonicalUrl ?? url },
    ...(page.noindex
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : page.markdown === false
        ? []
        : // Every indexable page has a Markdown version for AI systems (app/discoverability).
          [{ tagName: "link", rel: "alternate", type: "text/markdown", href: absoluteUrl(siteUrl, markdownPath(page.path)) }]),
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.socialTitle ?? page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    ...(image.width ? [{ property: "og:image:width", content: String(image.width) }] : []),
    ...(image.height ? [{ property: "og:image:height", content: String(image.height) }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.socialTitle ?? page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...structured.map((data) => ({ "script:ld+json": data })),
    ...(page.extra ?? []),
  ];
}

/**
 * A registered page's metadata (app/site/pages.ts), with a WebPage node for every page but the home
 * page (no BreadcrumbList: these pages show no trail); `more` adds or overrides (structured data,
 * noindex, feed links).
 */
export function pageSeo(matches: ReadonlyArray<RootMatch>, path: string, more: Omit<Partial<PageSeo>, "path"> = {}): MetaDescriptor[] {
  const entry = sitePage(path);
  return seo(matches, {
    title: entry.title,
    description: entry.description,
    path,
    webPage: path !== "/",
    noindex: !entry.indexable,
    ...more,
  });
}

/** A staff page's metadata from its registry entry: title and description, never indexed, no social cards. */
export function staffPageMeta(path: string): MetaDescriptor[] {
  const entry = sitePage(path);
  return [{ title: entry.title }, { name: "description", content: entry.description }, { name: "robots", content: "noindex, nofollow" }];
}
