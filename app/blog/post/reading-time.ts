/**
 * Reading time on cards and posts. One rate for the whole site: 230 words a minute, about the
 * average silent reading speed of adults for non-fiction (Brysbaert, 2019: 238).
 */
export const WORDS_PER_MINUTE = 230;

/** Words in a post's Markdown: runs of letters or digits, so markup and link addresses count little. */
export function wordCount(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, " ");
  return text.match(/[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Whole minutes, at least one. */
export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(wordCount(markdown) / WORDS_PER_MINUTE));
}

// Counting a long post's words is costly (a card's costliest part, and a Content API listing's): once
// per post object, as a snapshot's posts are reused.
const minutesOf = new WeakMap<object, number>();

/** A post's reading minutes, counted once per post object. */
export function postReadingMinutes(post: { content: string }): number {
  let minutes = minutesOf.get(post);
  if (minutes === undefined) minutesOf.set(post, (minutes = readingMinutes(post.content)));
  return minutes;
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
