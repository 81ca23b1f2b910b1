import { markdownPath } from "~/site/addresses";

/**
 * What AI systems read, pure: the llms.txt index (llmstxt.org: an H1, a blockquote summary, H2
 * sections of `- [title](url): note` links), the full-text companion, and the Markdown version of
 * each page and post.
 */
export type DiscoverablePage = {
  path: string;
  title: string;
  description: string;
  lastmod?: string;
  kind: "page" | "post";
  /** A post's own images (cover, then those in its text), as the page links them: for the sitemap. */
  images?: readonly string[];
};

export type MarkdownPage = DiscoverablePage & {
  /** The page's text as Markdown (without its title): a page's from its HTML (page-content.ts), a post's as written. */
  body: string;
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function pageMarkdown(siteUrl: string, page: MarkdownPage): string {
  const lines = [`# ${oneLine(page.title)}`, "", `> ${oneLine(page.description)}`, "", `Canonical: ${siteUrl}${page.path}`];
  if (page.lastmod) lines.push(`Updated: ${page.lastmod.slice(0, 10)}`);
  lines.push("", page.body.trim(), "");
  return lines.join("\n");
}

/** What llms.txt links, by section: the one list the file and the admin's count of AI-ready pages read. */
export function llmsSections(pages: readonly DiscoverablePage[]): { sitePages: DiscoverablePage[]; posts: DiscoverablePage[] } {
  return { sitePages: pages.filter((p) => p.kind === "page"), posts: pages.filter((p) => p.kind === "post") };
}

export function llmsTxt(
  siteUrl: string,
  site: { name: string; summary: string; details: string },
  pages: readonly DiscoverablePage[],
): string {
  const link = (p: DiscoverablePage) =>
    `- [${oneLine(p.title).replace(/[[\]]/g, "")}](${siteUrl}${markdownPath(p.path)}): ${oneLine(p.description)}`;
  const { sitePages, posts } = llmsSections(pages);
  return [
    `# ${site.name}`,
    "",
    `> ${oneLine(site.summary)}`,
    "",
    site.details,
    "",
    "## Pages",
    "",
    ...sitePages.map(link),
    "",
    "## Blog posts",
    "",
    ...(posts.length ? posts.map(link) : ["- No posts are published yet."]),
    "",
    "## Optional",
    "",
    `- [Full text](${siteUrl}/llms-full.txt): every page and post above in one Markdown file`,
    `- [Sitemap](${siteUrl}/sitemap.xml): every public URL with its last change`,
    "",
  ].join("\n");
}

export function llmsFullTxt(siteUrl: string, site: { name: string; summary: string }, pages: readonly MarkdownPage[]): string {
  return [`# ${site.name}`, "", `> ${oneLine(site.summary)}`, "", ...pages.map((p) => `---\n\n${pageMarkdown(siteUrl, p)}`)].join("\n");
}
