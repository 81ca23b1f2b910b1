import { describe, expect, it } from "vitest";
import { createPost as createAnyPost, type Api } from "../support/api";
import { siteForSuite } from "../support/suite";
import { queryTestDatabase, startTestServer, usingPostgres, type TestServer } from "../support/test-server";
import { eventually } from "../support/eventually";

let server: TestServer;
let admin: Api;
siteForSuite({ env: { SEED_DEMO: "false" } }, (site) => ({ server, admin } = site));

const createPost = (post: { title: string; content: string; published?: boolean }) =>
  createAnyPost(admin, { author: "Sam Searcher", excerpt: "An evening out.", tags: [], ...post });

/** The search page's text, without React's text-joining comments. */
const searchText = async (query: string) => {
  const res = await fetch(`${server.url}/search?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};

describe("GET /search", () => {
  it("counts every match while showing the best 20, the title match first, and never a draft", async () => {
    const word = `zephyrine${Date.now()}`;
    const inTitle = await createPost({ title: `The ${word} guide`, content: "All about it." });
    for (let i = 0; i < 22; i++) await createPost({ title: `Night out number ${i}`, content: `We talked about ${word} over a drink.` });
    const draft = await createPost({ title: `Secret ${word} draft`, content: `Unpublished ${word}.`, published: false });

    const html = await searchText(word);
    expect(html).toContain("(best 20 of 23)");
    const links = [...html.matchAll(/href="(\/blog\/[^"]+)"/g)].map((m) => m[1]);
    expect(links[0]).toBe(`/blog/${inTitle.slug}`);
    expect(links).not.toContain(`/blog/${draft.slug}`);
  });

  it("shows the matching words in context, marked", async () => {
    const word = `quokkatini${Date.now()}`;
    await createPost({ title: "A cocktail story", content: `Late on Friday the bartender poured a ${word} for the whole table.` });
    const html = await searchText(word);
    expect(html).toMatch(new RegExp(`<mark[^>]*>${word}</mark>`));
    expect(html).toContain("bartender poured a");
  });

  it("starts and ends snippets on whole words and keeps headings apart from the sentences after them", async () => {
    const word = `glimmerfizz${Date.now()}`;
    await createPost({
      title: "Up on the roof",
      content: `Take the lift to the top-floor terrace and order a ${word}; the after-work crowd arrives by six.\n\n## Dress code\nSmart casual. See [our list](https://clink.app/blog/rooftop-bars) for more ${word} ideas.`,
    });
    const text = (await searchText(word)).replace(/<[^>]+>/g, "");
    expect(text).toContain("top-floor terrace");
    expect(text).toContain("after-work crowd");
    expect(text).toContain("Dress code. Smart casual.");
    expect(text).toContain(`more ${word} ideas`);
    expect(text).not.toContain("clink.app/blog/rooftop-bars");
  });

  it("keeps its result pages out of search engines' indexes and sitemaps (decision record 0026)", async () => {
    const html = await searchText("rooftop");
    expect(html).toContain('<meta name="robots" content="noindex');
    for (const sitemap of ["/sitemap.xml", "/ai-sitemap.xml"]) {
      const res = await fetch(`${server.url}${sitemap}`);
      expect(res.status).toBe(200);
      const xml = await res.text();
      expect(xml, sitemap).toContain("<loc>");
      expect(xml, sitemap).not.toMatch(/<loc>[^<]*\/search/);
    }
  });

  it("falls back to any of the words when no post has all of them, and says so", async () => {
    const stamp = Date.now();
    const first = await createPost({ title: `The velvetfizz${stamp} nights`, content: "Bubbles all round." });
    const second = await createPost({ title: `A mossbarrel${stamp} tasting`, content: "Oak and smoke." });
    const html = await searchText(`velvetfizz${stamp} mossbarrel${stamp}`);
    expect(html).toContain("with some of your words (nothing had all of them)");
    expect(html).toContain(`/blog/${first.slug}`);
    expect(html).toContain(`/blog/${second.slug}`);
  });
});

/** The blog paths a search for `word` lists now. */
const found = async (word: string, base = server.url) => {
  const res = await fetch(`${base}/search?q=${encodeURIComponent(word)}`);
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/href="(\/blog\/[^"]+)"/g)].map((m) => m[1]);
};

describe("the search index follows the blog (it is kept in the server's memory)", () => {
  it("finds a post on the request after it is published or edited, and no longer once it is unpublished, hidden from search engines or deleted", async () => {
    const word = `larkspritz${Date.now()}`;
    const post = await createPost({ title: "A quiet evening", content: `Nothing about it yet.`, published: false });
    expect(await found(word)).toEqual([]); // the index is made, and the post is a draft
    await found("quiet"); // asked twice: the empty answer is kept by every cache it can be

    await admin.call("PUT", `/api/blog/${post.id}`, { published: true });
    await admin.call("PUT", `/api/blog/${post.id}`, {
      title: `A quiet ${word} evening`,
      author: "Sam Searcher",
      excerpt: "An evening out.",
      content: "Nothing about it yet.",
      category: "tips",
      published: true,
    });
    expect(await found(word)).toEqual([`/blog/${post.slug}`]);
    expect(await found(`${word} -quiet`)).toEqual([]);

    await admin.call("PUT", `/api/blog/${post.id}`, { published: false });
    expect(await found(word)).toEqual([]);

    await admin.call("PUT", `/api/blog/${post.id}`, { published: true });
    expect(await found(word)).toEqual([`/blog/${post.slug}`]);
    const hidden = await admin.call("PUT", `/api/blog/${post.id}`, {
      title: `A quiet ${word} evening`,
      author: "Sam Searcher",
      excerpt: "An evening out.",
      content: "Nothing about it yet.",
      category: "tips",
      published: true,
      noindex: true,
    });
    expect(hidden.status).toBeLessThan(300);
    expect(await found(word)).toEqual([]);

    const other = await createPost({ title: `Another ${word}`, content: "Still here." });
    expect(await found(word)).toEqual([`/blog/${other.slug}`]);
    expect((await admin.call("DELETE", `/api/blog/${other.id}`)).status).toBeLessThan(300);
    expect(await found(word)).toEqual([]);
  });

  it("a scheduled post appears by itself when its publish date comes", async () => {
    const word = `dawnfizz${Date.now()}`;
    const post = await createPost({
      title: `Early ${word}`,
      content: "Soon.",
      published: true,
      createdAt: new Date(Date.now() + 3_000).toISOString(),
    } as never);
    expect(await found(word)).toEqual([]);
    await eventually(async () => expect(await found(word)).toEqual([`/blog/${post.slug}`]), 15_000);
  });

  it.runIf(usingPostgres())(
    "follows writes made by another instance, or straight in the shared database, by the blog's version",
    async () => {
      const other = await startTestServer({ databaseUrl: server.databaseUrl, env: { SEED_DEMO: "false" } });
      try {
        const word = `twinsour${Date.now()}`;
        expect(await found(word, other.url)).toEqual([]); // the other instance's index is made now
        const post = await createPost({ title: `Shared ${word}`, content: "From the first instance." });
        await eventually(async () => expect(await found(word, other.url)).toEqual([`/blog/${post.slug}`]));

        // No server wrote this, nor touched updated_at: the content_changes trigger counts the write.
        const renamed = `stirred${Date.now()}`;
        await queryTestDatabase(server.databaseUrl!, `update blog_posts set title = 'Shared ${renamed}' where id = ${post.id}`);
        await eventually(async () => {
          expect(await found(renamed, other.url)).toEqual([`/blog/${post.slug}`]);
          expect(await found(word, other.url)).toEqual([]);
        });
        await queryTestDatabase(server.databaseUrl!, `update blog_posts set noindex = true where id = ${post.id}`);
        await eventually(async () => expect(await found(renamed, other.url)).toEqual([]));
      } finally {
        await other.stop();
      }
    },
  );
});
