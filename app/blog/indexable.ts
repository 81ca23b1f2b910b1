/**
 * Whether search engines and AI systems are pointed at a post: live (published, its date come) and not
 * hidden by the editor ("Hide from search engines"). The one rule the sitemaps, llms.txt, llms-full.txt,
 * the AI sitemap and the RSS feed use; the post page itself says noindex (app/routes/blog/post.tsx).
 */
export function isIndexable(post: { live: boolean; noindex: boolean }): boolean {
  return post.live && !post.noindex;
}
