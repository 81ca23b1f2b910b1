// How much memory the site search's index holds for 10,000 posts (decision record 0022), measured
// as the heap's growth (after a full GC) while it is built, with the posts themselves already in
// memory (as the blog's snapshot holds them). Run: node --expose-gc --import tsx scripts/search-index-size.ts
import { PostIndex, type IndexedPost } from "../app/search/post-index";
import { parseQuery } from "../app/search/text";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const WORDS = [
  "rooftop",
  "cocktail",
  "trivia",
  "happy hour",
  "meetup",
  "craft beer",
  "wine",
  "sydney",
  "melbourne",
  "karaoke",
  "jazz",
  "brunch",
  "safety",
  "friends",
  "networking",
  "whisky",
  "tapas",
  "sunset",
  "live music",
  "pub quiz",
];

/** The bench's posts (scripts/bench.mjs): a small vocabulary, ~700 characters each. */
function benchPost(i: number): IndexedPost {
  const w1 = WORDS[(i * 7) % 20]!;
  const w2 = WORDS[(i * 13 + 5) % 20]!;
  const date = new Date(Date.now() - i * 60_000).toISOString();
  return {
    id: i,
    title: `${w1[0]!.toUpperCase()}${w1.slice(1)} and ${w2} night number ${i}`,
    excerpt: `A guide to ${w1} with ${w2} for people who want to meet new friends over a drink.`,
    author: `Author ${i % 37}`,
    category: "tips",
    tags: [w1, w2],
    content: `## Why ${w1}\n\nPost ${i} talks about ${w1}, ${w2} and meeting people.\n\n${"Plan ahead, pace yourself and say hello to someone new at the bar. ".repeat(8)}`,
    createdAt: date,
    updatedAt: date,
  };
}

/**
 * Posts shaped like real articles: `chars` characters each, words drawn from a 60,000-word
 * vocabulary with Zipf's law (as English text is), so each post has hundreds of distinct words.
 */
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const VOCABULARY = Array.from({ length: 60_000 }, (_, i) => i.toString(36).replace(/\d/g, (d) => "qxzjvkwyfb"[Number(d)]!) + "ing");
const harmonic = VOCABULARY.reduce((sum, _w, i) => sum + 1 / (i + 1), 0);
function zipfWord(): string {
  let u = random() * harmonic;
  for (let i = 0; i < VOCABULARY.length; i++) if ((u -= 1 / (i + 1)) <= 0) return VOCABULARY[i]!;
  return VOCABULARY[0]!;
}
function realisticPost(i: number, chars: number): IndexedPost {
  const parts: string[] = [];
  for (let length = 0; length < chars;) {
    const word = zipfWord();
    parts.push(word);
    length += word.length + 1;
  }
  const date = new Date(Date.now() - i * 60_000).toISOString();
  return {
    id: i,
    title: parts.slice(0, 8).join(" "),
    excerpt: parts.slice(8, 30).join(" "),
    author: `Author ${i % 37}`,
    category: "tips",
    tags: [parts[3]!, parts[5]!],
    content: parts.join(" "),
    createdAt: date,
    updatedAt: date,
  };
}

async function measure(label: string, posts: IndexedPost[]) {
  const before = heap();
  const started = performance.now();
  const index = new PostIndex<IndexedPost>();
  await index.update(posts);
  const ms = performance.now() - started;
  const bytes = heap() - before;
  const query = parseQuery(posts[5]!.title.split(" ").slice(0, 2).join(" "));
  const t = performance.now();
  for (let i = 0; i < 100; i++) index.search(query);
  const searchMs = (performance.now() - t) / 100;
  const textMb = (posts.reduce((sum, p) => sum + p.content.length + p.title.length + p.excerpt.length, 0) * 2) / 2 ** 20;
  console.log(
    `${label}: index ${(bytes / 2 ** 20).toFixed(1)} MB for ${posts.length} posts (their text: ${textMb.toFixed(1)} MB), built in ${ms.toFixed(0)} ms, a search ${searchMs.toFixed(2)} ms (${index.search(query).length} hits)`,
  );
  return index;
}

const n = 10_000;
await measure(
  "bench posts",
  Array.from({ length: n }, (_, i) => benchPost(i + 1)),
);
for (const chars of (process.argv[2] ?? "3000").split(",").map(Number))
  await measure(
    `article-like posts of ${chars} characters`,
    Array.from({ length: n }, (_, i) => realisticPost(i + 1, chars)),
  );
