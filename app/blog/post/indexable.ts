/**
 * The one rule for what the public sees: a post is public when it is live (published, its date come).
 * /blog, the tag and author pages, and the Content API list every public post; a post "hidden from search
 * engines" is still public (listed, its page answering noindex), only not pointed at machines that index.
 */
export function isPublic(post: { live: boolean }): boolean {
  return post.live;
}

/**
 * Whether search engines and AI systems are pointed at a post: public and not hidden by the editor ("Hide
 * from search engines"). The rule the sitemaps, llms.txt, llms-full.txt, the AI sitemap, the RSS feed and
 * the site search use; the post page itself says noindex (app/routes/blog/post.tsx).
 */
export function isIndexable(post: { live: boolean; noindex: boolean }): boolean {
  return isPublic(post) && !post.noindex;
}
