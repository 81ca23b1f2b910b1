import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { versionOf } from "~/content-versions.server";
import { logger } from "~/core/logs/logger.server";
import { routeHandles, type PageHandle } from "~/core/http/page-handle";

/**
 * The text of a public page as Markdown, taken from the page itself: rendered through React
 * Router's server build as an anonymous GET of its address (what the site serves, less Express
 * and the front cache), then converted by page-content.ts. A page's text changes only with a
 * deploy, so each page is rendered once per process (one process, one build), unless its route
 * declares content versions (`handle.pageCache.versions`, as /blog's list of posts does): then
 * again whenever one of those changes, like the front cache's copy of the page.
 *
 * Kept: one Markdown string per public page (a few kilobytes each), never the HTML. The HTML parser
 * and converter load with the first page asked for, not with the server.
 */
type Site = { render: RequestHandler; handleOf: (pathname: string) => PageHandle; convert: (html: string, pageUrl: string) => string };

let site: Promise<Site> | undefined;
const kept = new Map<string, { version: string; markdown: string }>();

function loadSite(): Promise<Site> {
  site ??= (async () => {
    // eslint-disable-next-line @typescript-eslint/ban-ts-comment
    // @ts-ignore -- a virtual module React Router provides at build time (as in server/index.ts)
    const build = (await import("virtual:react-router/server-build")) as ServerBuild;
    const { pageContentMarkdown } = await import("./page-content");
    return {
      render: createRequestHandler(build, process.env.NODE_ENV === "production" ? "production" : "development"),
      handleOf: routeHandles(build.routes),
      convert: pageContentMarkdown,
    };
  })();
  return site;
}

/**
 * The page's content as Markdown; undefined when it does not render (logged; not kept, so asked
 * again it renders again). Its one caller (content.server.ts) asks one page at a time.
 */
export async function renderedPageMarkdown(siteUrl: string, path: string): Promise<string | undefined> {
  const site = await loadSite();
  const version = await versionOf(site.handleOf(path).pageCache?.versions);
  const known = kept.get(path);
  if (known?.version === version) return known.markdown;
  const markdown = await renderPage(site, siteUrl, path);
  if (markdown !== undefined) kept.set(path, { version, markdown });
  return markdown;
}

async function renderPage({ render, convert }: Site, siteUrl: string, path: string): Promise<string | undefined> {
  const url = `${siteUrl}${path}`;
  try {
    const response = await render(new Request(url, { headers: { accept: "text/html" } }), {
      cspNonce: "",
      requestId: `markdown:${path}`,
      clientIp: "127.0.0.1",
    });
    const html = await response.text();
    if (response.status !== 200) {
      logger.warn({ path, status: response.status }, "a page did not render for its Markdown version");
      return undefined;
    }
    return convert(html, url);
  } catch (error) {
    logger.warn({ err: error, path }, "a page did not render for its Markdown version");
    return undefined;
  }
}
