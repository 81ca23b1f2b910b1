import fs from "node:fs";
import path from "node:path";
import { blogVersion, listPosts } from "~/blog/posts.server";
import { categoryLabel } from "~/blog/category";
import { getEnv } from "~/core/env.server";
import { siteConfig } from "~/site/config";
import { INDEXABLE_PAGES } from "~/site/pages";
import { llmsFullTxt, llmsTxt, markdownPath, pageMarkdown, type DiscoverablePage, type MarkdownPage } from "./llms";
import { renderedPageMarkdown } from "./page-markdown.server";
import { buildSitemaps, w3cDate, type SitemapEntry } from "./sitemap";

/**
 * Every public page (from the page registry) and every published post, with what crawlers read of
 * them: sitemaps and llms.txt. Made once per blog version and kept.
 */
export type DiscoverableContent = {
  version: string;
  pages: DiscoverablePage[];
  sitemap: { main: string; parts: string[] };
  aiSitemap: string;
  llms: string;
};

/**
 * Their full text: each one's Markdown version and llms-full.txt. Made only once asked (a sitemap
 * needs none of it), then once per blog version, and kept.
 */
export type MarkdownContent = {
  version: string;
  byMarkdownPath: Map<string, string>;
  llmsFull: string;
};

export function siteUrl(): string {
  return getEnv().SITE_URL; // written without a trailing slash once, at start (env.server.ts)
}

/** When this build was made: the pages' text changes only with a new build. */
let builtAt: string | undefined;
function buildDate(): string {
  if (!builtAt) {
    let stamp = new Date();
    try {
      stamp = fs.statSync(path.resolve("build/server/index.js")).mtime;
    } catch {
      // Development: no build; the start time stands in.
    }
    builtAt = w3cDate(stamp);
  }
  return builtAt;
}

const SITE_SUMMARY = `${siteConfig.name} is a free iOS and Android social drinking app for adults ${siteConfig.minimumAge}+: find drinking companions, bars, venues and events near you. ${siteConfig.slogan}.`;
const SITE_DETAILS = `Based in ${siteConfig.location.label}, founded ${siteConfig.founded}. Every page below is also served as Markdown (the links point to it); the HTML page is at the same address without ".md". Support: ${siteConfig.supportEmail}.`;

const SITE = { name: siteConfig.name, summary: SITE_SUMMARY, details: SITE_DETAILS };

let cached: DiscoverableContent | undefined;
let pending: Promise<DiscoverableContent> | undefined;

export async function discoverableContent(): Promise<DiscoverableContent> {
  const version = await blogVersion();
  if (cached?.version === version) return cached;
  pending ??= build(version).finally(() => (pending = undefined));
  return pending;
}

async function build(version: string): Promise<DiscoverableContent> {
  const url = siteUrl();
  const posts = await listPosts({ includeDrafts: false });
  const newestPost = posts.reduce<string | undefined>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), undefined);
  const pages: DiscoverablePage[] = [
    ...INDEXABLE_PAGES.map((p) => ({
      path: p.path,
      title: p.title,
      description: p.description,
      lastmod: p.path === "/blog" && newestPost ? w3cDate(newestPost) : buildDate(),
      kind: "page" as const,
    })),
    ...posts.map((post) => ({
      path: `/blog/${post.slug}`,
      title: post.title,
      description: post.excerpt,
      lastmod: w3cDate(post.updatedAt),
      kind: "post" as const,
    })),
  ];
  const entries: SitemapEntry[] = pages.map((p) => ({ loc: `${url}${p.path}`, lastmod: p.lastmod }));
  const aiEntries: SitemapEntry[] = [
    { loc: `${url}/llms.txt`, lastmod: newestOf(pages) },
    { loc: `${url}/llms-full.txt`, lastmod: newestOf(pages) },
    ...pages.flatMap((p) => [
      { loc: `${url}${p.path}`, lastmod: p.lastmod },
      { loc: `${url}${markdownPath(p.path)}`, lastmod: p.lastmod },
    ]),
  ];
  const content: DiscoverableContent = {
    version,
    pages,
    sitemap: buildSitemaps(url, entries),
    aiSitemap: buildSitemaps(url, aiEntries.slice(0, 50_000)).main,
    llms: llmsTxt(url, SITE, pages),
  };
  cached = content;
  return content;
}

let cachedText: MarkdownContent | undefined;
let pendingText: Promise<MarkdownContent> | undefined;

export async function markdownContent(): Promise<MarkdownContent> {
  const content = await discoverableContent();
  if (cachedText?.version === content.version) return cachedText;
  pendingText ??= buildText(content).finally(() => (pendingText = undefined));
  return pendingText;
}

async function buildText(content: DiscoverableContent): Promise<MarkdownContent> {
  const url = siteUrl();
  const posts = new Map((await listPosts({ includeDrafts: false })).map((post) => [`/blog/${post.slug}`, post]));
  const pages: MarkdownPage[] = [];
  // One page at a time: each render is brief, and only changed pages render at all (page-markdown.server.ts).
  for (const page of content.pages) {
    const post = posts.get(page.path);
    const body =
      page.kind === "page"
        ? // The page's own text; should it fail to render (logged), its description stands in.
          ((await renderedPageMarkdown(url, page.path)) ?? page.description)
        : post
          ? `By ${post.author} · ${categoryLabel(post.category)} · Published ${post.createdAt.slice(0, 10)}\n\n${post.content}`
          : page.description;
    pages.push({ ...page, body });
  }
  const text: MarkdownContent = {
    version: content.version,
    byMarkdownPath: new Map(pages.map((p) => [markdownPath(p.path), pageMarkdown(url, p)])),
    llmsFull: llmsFullTxt(url, SITE, pages),
  };
  cachedText = text;
  return text;
}

function newestOf(pages: readonly DiscoverablePage[]): string | undefined {
  return pages.reduce<string | undefined>((max, p) => (p.lastmod && (!max || p.lastmod > max) ? p.lastmod : max), undefined);
}
