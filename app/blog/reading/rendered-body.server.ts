import { digestOf } from "~/core/secrets/digest.server";
import { inArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/core/database/db.server";
import { logger } from "~/core/logs/logger.server";
import { renderMarkdownBounded } from "~/core/markdown/markdown-work.server";
import { stringBytes, VersionedCache } from "~/core/caches/versioned-cache";
import type { BlogPost } from "../post/posts.server";
import { responsiveMediaImages } from "../media/media";

// Rendering markdown is the costly part of a post page and of the feed: once per version of a post.
const renderedBodies = new VersionedCache<string>({ maxBytes: 32 * 1024 * 1024, sizeOf: stringBytes });

/**
 * Raised when the Markdown renderer's output changes for the same source (a new rule, a sanitiser
 * setting): every kept body is then rendered again on its next read.
 */
export const RENDERER_VERSION = "2"; // 2: uploads' srcset at /content/images/ (decision record 0054)

type Source = Pick<BlogPost, "id" | "content">;

/** What a kept body was rendered from: the Markdown and the renderer's version. */
const sourceHash = (content: string) => digestOf(`${RENDERER_VERSION}\n${content}`, "base64url");

/** The same hash computed by the database over blog_posts.content (the backfill's search for stale bodies). */
export const sourceHashSql = sql`translate(rtrim(encode(sha256(convert_to(${`${RENDERER_VERSION}\n`} || blog_posts.content, 'UTF8')), 'base64'), '='), '+/', '-_')`;

/**
 * A post's body as sanitised HTML (decision record 0048): from memory, else as kept in blog_post_html
 * (rendered when the post was saved), else rendered now on the Markdown worker (markdown can cost time
 * far beyond its length; see app/core/markdown/markdown-work.server.ts), never on the request's thread, and kept.
 */
export async function renderedPostBody(post: Pick<BlogPost, "id" | "updatedAt" | "content">): Promise<string> {
  return renderedBodies.getOrMake(String(post.id), post.updatedAt, async () => (await keptPostBodies([post], "page"))[0]!);
}

/**
 * Many posts' bodies in one read of blog_post_html (the Content API's pages): those kept for their
 * current Markdown are read, the others rendered and kept. The page cache is left alone (a listing of
 * thousands of posts would push the pages' bodies out of it).
 */
export async function keptPostBodies(posts: readonly Source[], reader: Reader = "list"): Promise<string[]> {
  if (posts.length === 0) return [];
  const rows = await getDb()
    .select()
    .from(schema.blogPostHtml)
    .where(
      inArray(
        schema.blogPostHtml.postId,
        posts.map((post) => post.id),
      ),
    );
  const kept = new Map(rows.map((row) => [row.postId, row]));
  const bodies: string[] = [];
  for (const post of posts) {
    const hash = sourceHash(post.content);
    const row = kept.get(post.id);
    // One render at a time per request (awaited in turn), shared with any other reader of the same post.
    bodies.push(row && row.sourceHash === hash ? row.html : await renderAndKeep(post, hash, reader));
  }
  return bodies;
}

/**
 * Renders a saved post's body and keeps it: started after each save (not awaited: the save has answered
 * by then; a body not kept, by a crash or an error, is rendered and kept at its first read instead).
 */
export async function keepRenderedBody(post: Source): Promise<void> {
  await renderAndKeep(post, sourceHash(post.content), "list").catch((error: unknown) =>
    logger.warn({ err: error, postId: post.id }, "a post's rendered body was not kept"),
  );
}

/**
 * Who waits for a render: a page (one reader, in front of the queue) or a list, the backfill, a save
 * (behind it), so a limit=all over posts not yet rendered never holds up a post page's render.
 */
type Reader = "page" | "list";
/** Renders running at once in this process (the text worker takes one at a time; the second overlaps the reads). */
const RENDER_SLOTS = 2;
let rendering = 0;
const waiting: { page: Array<() => void>; list: Array<() => void> } = { page: [], list: [] };
/** Renders under way, by post and source: two readers of the same post wait for one render. */
const inFlight = new Map<string, Promise<string>>();

function renderAndKeep(post: Source, hash: string, reader: Reader): Promise<string> {
  const key = `${post.id}:${hash}`;
  let render = inFlight.get(key);
  if (!render) {
    render = inSlot(reader, () => renderAndKeepNow(post, hash)).finally(() => inFlight.delete(key));
    inFlight.set(key, render);
  }
  return render;
}

async function inSlot<T>(reader: Reader, work: () => Promise<T>): Promise<T> {
  while (rendering >= RENDER_SLOTS) await new Promise<void>((resolve) => waiting[reader].push(resolve));
  rendering += 1;
  try {
    return await work();
  } finally {
    rendering -= 1;
    (waiting.page.shift() ?? waiting.list.shift())?.();
  }
}

async function renderAndKeepNow(post: Source, hash: string): Promise<string> {
  const { mediaSizes } = await import("../media/media.server");
  const [{ html: rendered, rendered: complete }, sizes] = await Promise.all([
    renderMarkdownBounded(post.content),
    mediaSizes(post.content),
  ]);
  // Our own uploads get srcset, sizes, width and height (the Markdown only says where and what).
  const html = responsiveMediaImages(rendered, sizes);
  if (complete) {
    // A post deleted meanwhile has no row to keep it for: the insert selects nothing.
    await getDb().execute(sql`
      insert into blog_post_html (post_id, source_hash, html)
      select ${post.id}, ${hash}, ${html} where exists (select 1 from blog_posts where id = ${post.id})
      on conflict (post_id) do update set source_hash = excluded.source_hash, html = excluded.html`);
  }
  return html;
}
