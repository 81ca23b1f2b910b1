import { logger } from "~/core/logs/logger.server";
import { markdownToText } from "~/core/markdown/markdown";
import { offThreadWork, OffThreadTimeout } from "~/core/limits/off-thread.server";
import { suggestTags, type CorpusPost, type TagSource } from "./tag-suggestions";

/**
 * Tag suggestions read a post's text (its Markdown made plain, which can cost time quadratic in its
 * length) and score it against every post: off the main thread, within a time limit, on the core's
 * bounded worker (app/core/limits/off-thread.server.ts). Past the limit no tags are suggested.
 */
const SUGGEST_LIMIT_MS = 3000;

type Job = { post: TagSource; corpus: CorpusPost[] };

const suggesting = offThreadWork(
  "tag-suggestions",
  import.meta.url,
  ({ post, corpus }: Job) => suggestTags({ ...post, content: markdownToText(post.content) }, corpus),
  { limitMs: SUGGEST_LIMIT_MS, maxWaiting: 8 },
);

/** Tag suggestions for a post's text; null when its markdown is too costly to read in time. */
export async function suggestTagsOffThread(post: TagSource, corpus: CorpusPost[]): Promise<string[] | null> {
  try {
    return await suggesting.run({ post, corpus });
  } catch (error) {
    if (!(error instanceof OffThreadTimeout)) throw error;
    logger.warn({ length: post.content.length }, "tag suggestions stopped at the time limit");
    return null;
  }
}
