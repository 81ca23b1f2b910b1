import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminApi, createPost as createAnyPost, type Api } from "../support/api";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let admin: Api;
beforeAll(async () => {
  server = await startTestServer({ env: { SEED_DEMO: "false" } });
  admin = await adminApi(server);
});
afterAll(async () => {
  await server?.stop();
});

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
