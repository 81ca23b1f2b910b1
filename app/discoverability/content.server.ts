import fs from "node:fs";
import path from "node:path";
import { blogVersion, findPublishedPost, listPosts, type BlogPost } from "~/blog/post/posts.server";
import { isIndexable } from "~/blog/post/indexable";
import { categoryLabel } from "~/blog/post/category";
import { authorOf, listAuthors } from "~/blog/reading/authors.server";
import { listTags } from "~/blog/reading/tags.server";
import { mediaHashesIn, mediaPath } from "~/blog/media/media";
import { getEnv } from "~/core/instance/env.server";
import { currentRules, redirectsVersion } from "~/redirects/redirects.server";
import { loadedByVersion } from "~/core/caches/loaded-by-version";
import { siteConfig } from "~/site/config";
import { INDEXABLE_PAGES } from "~/site/pages";
import { markdownPath } from "~/site/addresses";
import { llmsFullTxt, llmsSections, llmsTxt, pageMarkdown, type DiscoverablePage, type MarkdownPage } from "./llms";
import { renderedPageMarkdown } from "./page-markdown.server";
import { buildSitemaps, MAX_URLS_PER_SITEMAP, w3cDate, type SitemapEntry } from "./sitemap";

/**
 * Every public page (from the page registry) and every published post, as crawlers see them: the
 * list (kept per blog version: a few hundred bytes a page) and the files made from it (sitemaps,
 * llms files, Markdown versions), each made only when asked and kept compressed by the shared
 * body cache (app/core/caches/shared-body.server.ts), never as text: with 10,000 posts the text alone is
 * over 12 MB.
 */
export type DiscoverableContent = {
  version: string;
  pages: DiscoverablePage[];
  /** Tag and author pages: in the sitemap, not in llms files (they have no Markdown version). */
  listPages: SitemapEntry[];
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

const built = loadedByVersion(build);

/** Kept per version of the blog and of the redirect rules: no redirected address stays in a sitemap. */
export async function discoverableContent(): Promise<DiscoverableContent> {
  const [blog, redirects] = await Promise.all([blogVersion(), redirectsVersion()]);
  return built.get(`${blog}|${redirects}`);
}

async function build(version: string): Promise<DiscoverableContent> {
  const posts = (await listPosts({ includeDrafts: false })).filter(isIndexable);
  const newestPost = posts.reduce<string | undefined>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), undefined);
  const pages: DiscoverablePage[] = [
    ...INDEXABLE_PAGES.map((p) => ({
      path: p.path,
      title: p.title,
      description: p.description,
      lastmod: p.path === "/blog" && newestPost ? w3cDate(newestPost) : buildDate(),
      kind: "page" as const,
    })),
    ...posts.map(postEntry),
  ];
  const lastmod = (list: readonly BlogPost[]) =>
    w3cDate(list.reduce((max, p) => (p.updatedAt > max ? p.updatedAt : max), list[0]!.updatedAt));
  const listPages: SitemapEntry[] = [
    ...(await listTags()).map((tag) => ({ loc: `/blog/tag/${tag.slug}`, lastmod: lastmod(tag.posts) })),
    ...listAuthors(posts).map(({ author }) => ({
      loc: `/blog/author/${author.slug}`,
      lastmod: lastmod(posts.filter((p) => authorOf(p).slug === author.slug)),
    })),
  ];
  // An address a redirect rule answers is not a page any more: crawlers are not sent to it.
  const rules = await currentRules();
  const kept = (path: string) => rules.match(path) === undefined;
  return { version, pages: pages.filter((page) => kept(page.path)), listPages: listPages.filter((page) => kept(page.loc)) };
}

function postEntry(post: BlogPost): DiscoverablePage {
  const images = [...(post.image ? [post.image] : []), ...mediaHashesIn(post.content).map((hash) => mediaPath(hash))];
  return {
    path: `/blog/${post.slug}`,
    title: post.title,
    description: post.excerpt,
    lastmod: w3cDate(post.updatedAt),
    kind: "post",
    images,
  };
}

/** An address as crawlers need it: our own paths made absolute, other hosts' addresses kept. */
const absolute = (url: string, address: string) => (address.startsWith("/") && !address.startsWith("//") ? `${url}${address}` : address);

function postMarkdownPage(post: BlogPost): MarkdownPage {
  return {
    ...postEntry(post),
    body: `By ${post.author} · ${categoryLabel(post.category)} · Published ${post.createdAt.slice(0, 10)}\n\n${post.content}`,
  };
}

/** Every path the sitemap lists (site URL left out): the pages and posts, then tag and author pages. */
export function sitemapEntries(content: DiscoverableContent): SitemapEntry[] {
  return [...content.pages.map((p) => ({ loc: p.path, lastmod: p.lastmod, images: p.images })), ...content.listPages];
}

/** /sitemap.xml (n undefined) or part n of its index; undefined when there is no such part. */
export function sitemapXml(content: DiscoverableContent, part?: number): string | undefined {
  const url = siteUrl();
  const sitemaps = buildSitemaps(
    url,
    sitemapEntries(content).map((p) => ({
      loc: `${url}${p.loc}`,
      lastmod: p.lastmod,
      images: p.images?.map((image) => absolute(url, image)),
    })),
  );
  return part === undefined ? sitemaps.main : sitemaps.parts[part - 1];
}

export function aiSitemapXml(content: DiscoverableContent): string {
  const url = siteUrl();
  const newest = newestOf(content.pages);
  const entries: SitemapEntry[] = [
    { loc: `${url}/llms.txt`, lastmod: newest },
    { loc: `${url}/llms-full.txt`, lastmod: newest },
    ...content.pages.flatMap((p) => [
      { loc: `${url}${p.path}`, lastmod: p.lastmod },
      { loc: `${url}${markdownPath(p.path)}`, lastmod: p.lastmod },
    ]),
  ];
  return buildSitemaps(url, entries.slice(0, MAX_URLS_PER_SITEMAP)).main;
}

export function llmsIndex(content: DiscoverableContent): string {
  return llmsTxt(siteUrl(), SITE, content.pages);
}

/**
 * A public page's text as Markdown, from the page itself (page-markdown.server.ts); should it fail
 * to render (logged), its description stands in.
 */
async function sitePageMarkdown(page: DiscoverablePage): Promise<MarkdownPage> {
  return { ...page, body: (await renderedPageMarkdown(siteUrl(), page.path)) ?? page.description };
}

/** The Markdown version at this address (`/about.md`, `/index.md`, `/blog/{slug}.md`), or undefined. */
export async function markdownAt(mdPath: string): Promise<string | undefined> {
  const post = /^\/blog\/([^/]+)\.md$/.exec(mdPath);
  if (post) {
    const found = await findPublishedPost(post[1]!);
    return found ? pageMarkdown(siteUrl(), postMarkdownPage(found)) : undefined;
  }
  const page = (await discoverableContent()).pages.find((p) => p.kind === "page" && markdownPath(p.path) === mdPath);
  return page ? pageMarkdown(siteUrl(), await sitePageMarkdown(page)) : undefined;
}

/** Every page and post in full. One page at a time: each render is brief, and only changed pages render at all. */
export async function llmsFull(content: DiscoverableContent): Promise<string> {
  const posts = new Map((await listPosts({ includeDrafts: false })).filter(isIndexable).map((post) => [`/blog/${post.slug}`, post]));
  const pages: MarkdownPage[] = [];
  for (const page of content.pages) {
    const post = page.kind === "post" ? posts.get(page.path) : undefined;
    pages.push(post ? postMarkdownPage(post) : page.kind === "page" ? await sitePageMarkdown(page) : { ...page, body: page.description });
  }
  return llmsFullTxt(siteUrl(), SITE, pages);
}

/**
 * How many pages are ready for AI systems: linked from llms.txt with a Markdown version there (a
 * post's always is; a page's when it renders). Structured data every page carries (site/seo.ts).
 */
export async function aiReadyPageCount(content: DiscoverableContent): Promise<number> {
  const { sitePages, posts } = llmsSections(content.pages);
  let ready = posts.length;
  for (const page of sitePages) if ((await renderedPageMarkdown(siteUrl(), page.path)) !== undefined) ready++;
  return ready;
}

function newestOf(pages: readonly DiscoverablePage[]): string | undefined {
  return pages.reduce<string | undefined>((max, p) => (p.lastmod && (!max || p.lastmod > max) ? p.lastmod : max), undefined);
}
