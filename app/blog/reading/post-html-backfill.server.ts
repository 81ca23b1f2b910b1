import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, type DbExecutor, rowsOf } from "~/core/database/db.server";
import { enqueueJob, type JobContext } from "~/core/jobs/jobs.server";
import { keepRenderedBody, RENDERER_VERSION, sourceHashSql } from "./rendered-body.server";
import { nextTurn } from "~/core/limits/next-turn";

/**
 * The backfill of kept post bodies (decision record 0048): posts whose blog_post_html row is missing or
 * was rendered from other Markdown (or by another renderer version) are rendered and kept, a few per job
 * run, so that after an import or an upgrade the Content API soon reads only kept bodies. A run takes the
 * next stale posts after its cursor (the database compares the hashes), renders them one at a time
 * (yielding between them) and queues the next run from the last post it took; a post that could not be
 * kept (a render past the time limit) is passed over, not tried forever.
 */
export const POST_HTML_JOB = "blog.post-html";
/** Posts rendered per run: a run stays short, and the queue's other work gets its turn between runs. */
const POST_HTML_STEP = 20;

export type PostHtmlPayload = { chain?: string; after?: number };
type Payload = PostHtmlPayload;

/** Renders the next stale posts after `after`; returns the last post id taken, or null when none remain. */
async function backfillPostBodies(after: number, limit = POST_HTML_STEP): Promise<number | null> {
  const result = await rowsOf<{ id: number | string; content: string }>(
    getDb(),
    sql`
    select blog_posts.id, blog_posts.content from blog_posts
    left join blog_post_html on blog_post_html.post_id = blog_posts.id
    where blog_posts.id > ${after}
      and (blog_post_html.post_id is null or blog_post_html.source_hash <> ${sourceHashSql})
    order by blog_posts.id limit ${limit}`,
  );
  const posts = result;
  for (const post of posts) {
    await keepRenderedBody({ id: Number(post.id), content: post.content });
    await nextTurn();
  }
  return posts.length < limit ? null : Number(posts[posts.length - 1]!.id);
}

/** Queues a backfill (after an import): its runs follow one another until no stale post remains. */
export async function enqueuePostHtmlBackfill(db: DbExecutor): Promise<void> {
  await enqueueJob(db, POST_HTML_JOB, { chain: randomUUID() } satisfies Payload);
}

/**
 * Queued at each start (after an upgrade, a restore, posts written by other means), keyed by the renderer's
 * version and what the posts are (how many, the newest id and change): instances starting on the same
 * posts run it once, and an upgrade that raises the version, or posts written while no instance ran, run
 * it again.
 */
export async function enqueuePostHtmlAtStart(): Promise<void> {
  const result = await rowsOf<{ n: number; id: number; at: string }>(
    getDb(),
    sql`select count(*)::int as n, coalesce(max(id), 0) as id, coalesce(max(updated_at)::text, '') as at from blog_posts`,
  );
  const [state] = result;
  const key = `r${RENDERER_VERSION}-${state!.n}-${state!.id}-${state!.at}`;
  await enqueueJob(getDb(), POST_HTML_JOB, { chain: `start-${key}` } satisfies Payload, { idempotencyKey: `post-html:start:${key}` });
}

/** One run of the backfill job: the next posts, then the next run queued from the last one taken. */
export async function runPostHtmlJob(payload: Payload, ctx: JobContext): Promise<void> {
  const chain = payload.chain ?? `job-${ctx.jobId}`;
  const last = await backfillPostBodies(payload.after ?? 0);
  // Keyed by chain and cursor: a run retried after its work was done queues the same next run once.
  if (last !== null)
    await enqueueJob(getDb(), POST_HTML_JOB, { chain, after: last } satisfies Payload, { idempotencyKey: `post-html:${chain}:${last}` });
}
